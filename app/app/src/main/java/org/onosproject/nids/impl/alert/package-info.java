/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Alerts: the manager that deduplicates and explains attack reports, and the distributed alert store.
 */
package org.onosproject.nids.impl.alert;
