#!/usr/bin/env python3
"""`make stack-report` (and `util/stack.py java11-home`, `onos-home`): the reference stack's parts (nidslib.stack).

An entry point of the package that also runs before `make setup` has made .venv, with the system python3, so it
finds the package beside it (testing/)."""
import os
import sys


def main():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "testing"))
    from nidslib import stack
    return stack.main(sys.argv)


if __name__ == "__main__":
    sys.exit(main())
