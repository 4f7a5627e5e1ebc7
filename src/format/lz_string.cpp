// LZ-string's base64 form. The stream is LZW over UTF-16 units: the
// dictionary starts with three control codes (0: an 8-bit literal follows,
// 1: a 16-bit literal follows, 2: the end), each new unit seen becomes an
// entry when it is first written as a literal, and each code written adds
// "previous entry + first unit of this one". Codes are numBits wide, numBits
// growing by one each time the dictionary outgrows it; every value is written
// lowest bit first, and the bits fill base64 characters from their high bit.
#include "lz_string.hpp"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace nonet::detail {

namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char16_t kReplacement = 0xFFFD;

// UTF-8 to UTF-16 units; a byte that starts no valid sequence becomes U+FFFD.
std::u16string to_utf16(std::string_view text) {
  std::u16string units;
  units.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int extra = lead < 0x80 ? 0 : (lead >> 5) == 0x6 ? 1 : (lead >> 4) == 0xE ? 2 : (lead >> 3) == 0x1E ? 3 : -1;
    char32_t code = extra == 0 ? lead : extra == 1 ? lead & 0x1F : extra == 2 ? lead & 0x0F : lead & 0x07;
    bool valid = extra >= 0 && i + extra < text.size();
    for (int k = 1; valid && k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = (next >> 6) == 0x2;
      code = (code << 6) | (next & 0x3F);
    }
    // Overlong forms, surrogates and code points beyond U+10FFFF are not text.
    static constexpr std::array<char32_t, 4> kLowest{0, 0x80, 0x800, 0x10000};
    valid = valid && code >= kLowest[extra] && code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF);
    if (!valid) {
      units.push_back(kReplacement);
      ++i;
      continue;
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      units.push_back(static_cast<char16_t>(0xD800 + (code >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + (code & 0x3FF)));
    } else {
      units.push_back(static_cast<char16_t>(code));
    }
    i += extra + 1;
  }
  return units;
}

void append_utf8(std::string& out, char32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

// UTF-16 units to UTF-8; a surrogate without its partner becomes U+FFFD.
std::string to_utf8(const std::u16string& units) {
  std::string out;
  out.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    const char16_t unit = units[i];
    if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < units.size() && units[i + 1] >= 0xDC00 && units[i + 1] <= 0xDFFF) {
      append_utf8(out, 0x10000 + ((static_cast<char32_t>(unit) - 0xD800) << 10) + (units[i + 1] - 0xDC00));
      ++i;
    } else if (unit >= 0xD800 && unit <= 0xDFFF) {
      append_utf8(out, kReplacement);
    } else {
      append_utf8(out, unit);
    }
  }
  return out;
}

// Values written lowest bit first into 6-bit characters filled from the top.
class BitWriter {
 public:
  void write(std::uint32_t value, int bits) {
    for (int i = 0; i < bits; ++i, value >>= 1) push(value & 1);
  }
  // The last character, its unused low bits zero.
  std::string finish() {
    while (filled_ != 0) push(0);
    while (out_.size() % 4 != 0) out_ += '=';
    return std::move(out_);
  }

 private:
  void push(std::uint32_t bit) {
    pending_ = (pending_ << 1) | bit;
    if (++filled_ == 6) {
      out_ += kAlphabet[pending_];
      pending_ = 0;
      filled_ = 0;
    }
  }
  std::string out_;
  std::uint32_t pending_ = 0;
  int filled_ = 0;
};

// The 6-bit value of a character, or -1. '=' and '$' pad and carry no bits.
int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/' || c == '-') return 63;
  if (c == '=' || c == '$') return 0;
  return -1;
}

class BitReader {
 public:
  explicit BitReader(std::string_view chars) : chars_(chars) {}
  // Past the last character the stream reads as zero bits, as lz-string's
  // reader does; a stream that needs them has lost its end and fails at the
  // next code (exhausted()).
  std::uint32_t read(int bits) {
    std::uint32_t value = 0;
    for (int i = 0; i < bits; ++i) {
      if (mask_ == 0) {
        current_ = next_ < chars_.size() ? base64_value(chars_[next_]) : 0;
        ++next_;
        mask_ = 32;
      }
      if (current_ & mask_) value |= std::uint32_t{1} << i;
      mask_ >>= 1;
    }
    return value;
  }
  bool exhausted() const { return next_ > chars_.size(); }

 private:
  std::string_view chars_;
  std::size_t next_ = 0;
  int current_ = 0;
  int mask_ = 0;
};

// The decompressor's dictionary as a trie: an entry is a shorter entry plus
// one unit, so memory grows by one node per code, however long the strings.
struct Entry {
  std::int32_t prefix;  // -1 for a single unit
  char16_t last;
  char16_t first;
  std::uint32_t length;
};

}  // namespace

std::string lz_compress_to_base64(std::string_view utf8) {
  const std::u16string text = to_utf16(utf8);
  BitWriter out;
  std::unordered_map<std::u16string, std::uint32_t> codes;
  std::unordered_set<char16_t> literal_pending;  // units with a code, never yet written as a literal
  std::uint32_t next_code = 3;
  int bits = 2;
  std::uint32_t until_wider = 2;
  const auto count_code = [&]() {
    if (--until_wider == 0) {
      until_wider = std::uint32_t{1} << bits;
      ++bits;
    }
  };
  // The current phrase: its first use of a unit goes out as a literal,
  // which itself takes a code in the reader's dictionary.
  const auto emit = [&](const std::u16string& phrase) {
    if (phrase.size() == 1 && literal_pending.erase(phrase.front()) != 0) {
      const bool narrow = phrase.front() < 256;
      out.write(narrow ? 0 : 1, bits);
      out.write(phrase.front(), narrow ? 8 : 16);
      count_code();
    } else {
      out.write(codes.at(phrase), bits);
    }
    count_code();
  };
  std::u16string phrase;
  for (char16_t unit : text) {
    const std::u16string single(1, unit);
    if (codes.emplace(single, next_code).second) {
      ++next_code;
      literal_pending.insert(unit);
    }
    std::u16string extended = phrase + unit;
    if (codes.count(extended) != 0) {
      phrase = std::move(extended);
      continue;
    }
    emit(phrase);
    codes.emplace(std::move(extended), next_code++);
    phrase = single;
  }
  if (!phrase.empty()) emit(phrase);
  out.write(2, bits);
  return out.finish();
}

std::optional<std::string> lz_decompress_from_base64(std::string_view base64, Diagnostic& error) {
  const auto fail = [&](int column, std::string reason) -> std::optional<std::string> {
    error = Diagnostic{"", 1, column, std::move(reason)};
    return std::nullopt;
  };
  if (base64.empty()) return fail(1, "the compressed text is empty");
  for (std::size_t i = 0; i < base64.size(); ++i)
    if (base64_value(base64[i]) < 0)
      return fail(static_cast<int>(i + 1),
                  std::string("'") + base64[i] + "' is no character of a compressed (LZ-string base64) text");

  BitReader in(base64);
  std::vector<Entry> dictionary(3, Entry{-1, 0, 0, 0});  // the three control codes
  std::u16string text;
  const auto add_literal = [&](int literal_bits) {
    const auto unit = static_cast<char16_t>(in.read(literal_bits));
    dictionary.push_back(Entry{-1, unit, unit, 1});
  };
  // Appends an entry's units, written back to front along its prefixes.
  const auto append = [&](std::uint32_t code) {
    const Entry& entry = dictionary[code];
    const std::size_t end = text.size() + entry.length;
    text.resize(end);
    std::size_t at = end;
    for (std::int32_t node = static_cast<std::int32_t>(code); node >= 0; node = dictionary[node].prefix)
      text[--at] = dictionary[node].last;
  };

  int bits = 2;
  switch (in.read(bits)) {
    case 0: add_literal(8); break;
    case 1: add_literal(16); break;
    case 2: return std::string();
    default: return fail(1, "the compressed text does not start with a character");
  }
  bits = 3;
  std::uint32_t until_wider = 4;
  std::uint32_t previous = 3;
  append(previous);
  const auto count_code = [&]() {
    if (--until_wider == 0) {
      until_wider = std::uint32_t{1} << bits;
      ++bits;
    }
  };
  for (;;) {
    if (in.exhausted())
      return fail(static_cast<int>(base64.size()), "the compressed text ends before its end mark (cut short?)");
    std::uint32_t code = in.read(bits);
    if (code == 2) break;
    if (code < 2) {
      add_literal(code == 0 ? 8 : 16);
      code = static_cast<std::uint32_t>(dictionary.size() - 1);
      count_code();
    }
    // The one code not yet in the dictionary is the entry this step adds:
    // the previous entry plus its own first unit.
    const Entry& before = dictionary[previous];
    if (code == dictionary.size()) {
      dictionary.push_back(Entry{static_cast<std::int32_t>(previous), before.first, before.first, before.length + 1});
    } else if (code > dictionary.size()) {
      return fail(1, "the compressed text is corrupt (code " + std::to_string(code) + " before its dictionary entry)");
    } else {
      const Entry& entry = dictionary[code];
      dictionary.push_back(Entry{static_cast<std::int32_t>(previous), entry.first, before.first, before.length + 1});
    }
    if (text.size() + dictionary[code].length > kMaxDecompressedUnits)
      return fail(1, "the compressed text expands beyond " + std::to_string(kMaxDecompressedUnits) + " characters");
    append(code);
    count_code();
    previous = code;
  }
  return to_utf8(text);
}

}  // namespace nonet::detail
