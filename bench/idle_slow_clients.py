#!/usr/bin/env python3
"""How long `GET /api/v1/info` takes while idle and slow clients hold connections.

Opens IDLE connections that send nothing and SLOW connections that send a POST
one byte a second (its head, then a body the Content-Length promises), then
times ROUNDS requests on fresh connections. Bounded: every request gives up
after --timeout seconds, and the whole run ends after the rounds.

    bench/idle_slow_clients.py PORT [--idle 1000] [--slow 50] [--rounds 20]

Prints one line: the clients, then the median and worst latency in ms (or how
many requests got no answer within the timeout).
"""
import argparse
import resource
import socket
import statistics
import threading
import time


def connect(port):
    return socket.create_connection(("127.0.0.1", port), timeout=5)


def timed_info(port, timeout):
    """Seconds until a complete answer to GET /api/v1/info, or None."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(b"GET /api/v1/info HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
            answer = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
        if not answer.startswith(b"HTTP/1.1 200"):
            return None
        return time.monotonic() - start
    except OSError:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    idle = [connect(args.port) for _ in range(args.idle)]
    slow = [connect(args.port) for _ in range(args.slow)]
    head = (b"POST /api/v1/solve HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n" % args.port) + b" " * 1000
    stop = threading.Event()

    def trickle():
        at = 0
        while not stop.is_set() and at < len(head):
            for s in slow:
                try:
                    s.send(head[at:at + 1])
                except OSError:
                    pass
            at += 1
            stop.wait(1.0)

    writer = threading.Thread(target=trickle)
    writer.start()
    time.sleep(0.5)  # the connections accepted, the first bytes sent
    latencies, unanswered = [], 0
    for _ in range(args.rounds):
        seconds = timed_info(args.port, args.timeout)
        if seconds is None:
            unanswered += 1
        else:
            latencies.append(seconds * 1000)
    stop.set()
    writer.join()
    for s in idle + slow:
        s.close()
    line = f"idle {args.idle} slow {args.slow}: GET /api/v1/info"
    if latencies:
        line += f" median {statistics.median(latencies):.1f} ms, worst {max(latencies):.1f} ms"
    line += f", {unanswered} of {args.rounds} unanswered in {args.timeout:g} s"
    print(line)


if __name__ == "__main__":
    main()
