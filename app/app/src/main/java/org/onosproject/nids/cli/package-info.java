/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
/** NIDS Karaf commands: nids-models, nids-activate, nids-rollback, nids-devices. */
package org.onosproject.nids.cli;
