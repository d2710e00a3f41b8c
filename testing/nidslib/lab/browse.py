"""A person reading a site: one keep-alive HTTP connection, a few requests with think times between them.

    python3 browse.py --url http://10.0.0.2:8080/ --requests 5 --think 0.5,3 --seed 7

A benign flow that is long and mostly idle, like a slow HTTP attack's, but whose server answers with pages.
Bounded: at most --requests requests, each with a 10 s timeout.
"""
import argparse
import http.client
import random
import sys
import time
import urllib.parse


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--requests", type=int, default=3)
    parser.add_argument("--think", default="0.5,3", help="MIN,MAX seconds between requests")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    low, high = (float(x) for x in args.think.split(","))
    url = urllib.parse.urlsplit(args.url)
    connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=10)
    try:
        for i in range(min(args.requests, 50)):
            path = "/" if i == 0 else f"/page{i}.html?size={int(800 * 250 ** rng.random())}"
            connection.request("GET", path, headers={"User-Agent": "lab-browser/1.0"})
            response = connection.getresponse()
            response.read()
            if response.getheader("Connection", "").lower() == "close" or response.version == 10:
                connection.close()
                connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=10)
            time.sleep(rng.uniform(low, high))
    except OSError as e:
        print(f"browse: {e}", file=sys.stderr)
        return 1
    finally:
        connection.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
