#!/usr/bin/env python3
"""Bodies over the limit against a running `nonet serve`: how soon the 413, and its memory.

Sends a POST that declares a 100 MB body (and sends none), then one that sends
MEGABYTES of chunks, and prints when each got its answer and the server's
resident memory (VmRSS) before and after. Bounded: each answer is awaited 30 s.

    bench/hostile_bodies.py PORT PID [--megabytes 300]
"""
import argparse
import socket
import time


def resident(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return line.split()[1] + " kB"
    return "?"


def answer(s, start):
    s.settimeout(30)
    try:
        first = s.recv(200).split(b"\r\n")[0].decode(errors="replace")
        return f"{first!r} after {time.monotonic() - start:.2f} s"
    except OSError as error:
        return f"no answer ({error})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("pid", type=int)
    parser.add_argument("--megabytes", type=int, default=300)
    args = parser.parse_args()
    head = (b"POST /api/v1/solve HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n" % args.port)
    print("idle RSS", resident(args.pid))

    with socket.create_connection(("127.0.0.1", args.port)) as s:
        start = time.monotonic()
        s.sendall(head + b"Content-Length: 100000000\r\n\r\n")
        print("declared 100 MB:", answer(s, start))

    with socket.create_connection(("127.0.0.1", args.port)) as s:
        start = time.monotonic()
        s.sendall(head + b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"100000\r\n" + b" " * 0x100000 + b"\r\n"
        sent = 0
        try:
            for _ in range(args.megabytes):
                s.sendall(chunk)
                sent += 1
            s.sendall(b"0\r\n\r\n")
        except OSError:
            pass
        print(f"chunked {args.megabytes} MB ({sent} MB sent):", answer(s, start))
    time.sleep(1)
    print("RSS after", resident(args.pid))


if __name__ == "__main__":
    main()
