"""The lab: labelled live traffic between network namespaces, drawn from a seed.

Benign clients (web pages, downloads, uploads, keep-alive browsing, SSH sessions and copies, bulk TCP and UDP,
voice-like streams, DNS, ping, syslog) and attackers (SYN and UDP port scans; SYN, UDP and ICMP floods; SSH brute
force; slow HTTP DoS) run real tools with parameters drawn per run; every run writes a pcap, a labels file (attack
windows by source address and time) and a manifest. `python -m nidslib.lab --help`; docs/lab.md.
"""
