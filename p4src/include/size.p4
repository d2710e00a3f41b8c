/*
 * size.p4: every table, register and counter size of the pipeline, and nothing else.
 */
#ifndef NIDS_SIZE_P4
#define NIDS_SIZE_P4

// Flow table: slots indexed by crc32(canonical 5-tuple) mod FLOW_SLOTS. Must be a power of two (a probe's
// slot number is masked with FLOW_SLOTS - 1).
#define FLOW_SLOTS 65536

// Forwarding
#define TABLE0_SIZE 1024
#define ACL_SIZE 1024
#define PORT_ROLE_SIZE 512
#define PORT_COUNTER_SIZE 512          // indexed by a 9-bit port number

// Classifier (per bank: the bank is an exact key of every classifier table)
#define SELECTOR_TABLE_SIZE 2          // one entry per bank
#define RANGE_TABLE_SIZE 1024          // per slot
#define DECISION_TABLE_SIZE 1024
#define CLASS_COUNTER_SIZE 64          // NUM_BANKS_VALUE * CLASSES_PER_BANK_VALUE

// Reports
#define REASON_COUNTER_SIZE 8          // indexed by report reason (1..5 used)

#endif
