/*
 * checksum.p4: checksum controls.
 *
 * The pipeline never rewrites an IPv4 header (it forwards, counts and reports; report packets carry no IPv4
 * header), so there is nothing to recompute. Checksums are not verified either (as in ONOS's basic
 * pipeline): a packet with a bad checksum is forwarded and tracked like any other, which is what the host
 * behind the switch would have to deal with anyway.
 */
#ifndef NIDS_CHECKSUM_P4
#define NIDS_CHECKSUM_P4

#include "headers.p4"

control NidsVerifyChecksum(inout headers_t hdr, inout local_metadata_t meta) {
    apply { }
}

control NidsComputeChecksum(inout headers_t hdr, inout local_metadata_t meta) {
    apply { }
}

#endif
