/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * NIDS services, events and value types, and the pipeline behaviour ({@link org.onosproject.nids.api.NidsProgrammable})
 * a pipeconf implements for the app.
 */
package org.onosproject.nids.api;
