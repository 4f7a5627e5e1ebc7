// Which declarations a shared libnonet exports. The library is compiled with
// -fvisibility=hidden; the namespace bodies of the public headers carry
// NONET_API, so only the public API (these headers) is visible to programs
// that link it, and the internals (nonet::detail, nonet::logic) stay private.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define NONET_API __attribute__((visibility("default")))
#else
#define NONET_API
#endif
