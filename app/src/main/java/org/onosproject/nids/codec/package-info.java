/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * JSON codecs of the NIDS REST API and CLI, and the views (model summaries, device states) both show.
 * {@link org.onosproject.nids.codec.NidsCodecs} holds one instance of each codec.
 */
package org.onosproject.nids.codec;
