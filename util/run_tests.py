#!/usr/bin/env python3
"""`make test`: runs every suite whose prerequisites are present and ends with one summary (nidslib.runner).

    util/run_tests.py [--only SUITE,...] [--list]

An entry point of the package that also runs before `make setup` has made .venv (the suites that need it are then
reported skipped), with the system python3, so it finds the package beside it (testing/)."""
import os
import sys


def main():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "testing"))
    from nidslib import runner
    return runner.main()


if __name__ == "__main__":
    sys.exit(main())
