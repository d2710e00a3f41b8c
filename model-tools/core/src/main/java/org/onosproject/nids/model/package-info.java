/**
 * Pure model core shared by the nids-model CLI and the ONOS app: the feature catalog
 * ({@code catalog}), decision trees ({@code tree}), the tree-to-entries compiler ({@code compiler}),
 * the pipeline's capacities ({@code capacity}), the model bundle and its JSON Schema ({@code bundle}),
 * the table-semantics evaluator and metrics ({@code eval}), target cost estimates ({@code cost}) and the
 * software reference of the data plane's flow features ({@code flow}).
 * No Weka here: only Jackson, Guava and an embedded JSON Schema validator.
 */
package org.onosproject.nids.model;
