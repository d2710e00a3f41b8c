/*
 * size.p4: every table, register and counter size of the pipeline, and nothing else.
 */
#ifndef NIDS_SIZE_P4
#define NIDS_SIZE_P4

// Flow table: 2 ways of FLOW_WAY_SIZE cells (way 0 = cells 0.., way 1 = cells FLOW_WAY_SIZE..).
// A power of two, at most 2^16 (way indices are 16-bit slices of the flow hash).
#define FLOW_WAY_SIZE 32768
#define FLOW_SLOTS 65536               // both ways: report and probe slot numbers are below this

// Source context: cells indexed by 16 bits of a hash of the client address
#define SOURCE_TABLE_SIZE 65536

// Forwarding
#define TABLE0_SIZE 1024
#define ACL_SIZE 1024
#define PORT_ROLE_SIZE 512
#define PORT_COUNTER_SIZE 512          // indexed by a 9-bit port number

// Classifier (per bank and phase: bank and phase are exact keys of every classifier table)
#define PHASE_TABLE_SIZE 64            // (bank, phase) pairs: 32 phases per bank
#define SELECTOR_TABLE_SIZE 64         // one entry per (bank, phase) using the slot
#define RANGE_TABLE_SIZE 2048          // per slot, all phases and banks
#define DECISION_TABLE_SIZE 2048       // all phases and banks
#define CLASS_COUNTER_SIZE 64          // NUM_BANKS_VALUE * CLASSES_PER_BANK_VALUE

// Reports
#define REASON_COUNTER_SIZE 8          // indexed by report reason (1..6 used)
#define BUDGET_COUNT 5                 // report budgets (BUDGET_*)
#define BUDGET_TABLE_SIZE 8
#define REPORT_SEQUENCE_CELLS 1        // one report sequence per switch

#endif
