/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
/** Incidents: attack verdicts grouped per source and attack family, their store, the source-location check. */
package org.onosproject.nids.impl.incident;
