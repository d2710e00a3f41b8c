"""The code of `make bench` (the tool util/bench/overhead.py): its pure parts (stats: /proc parsing, the bounded
rate search, percentiles, tool output) and the results page (report)."""
