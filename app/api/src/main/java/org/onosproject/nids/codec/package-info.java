/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * JSON codecs of the NIDS values, pure (no service is called). {@link org.onosproject.nids.codec.NidsCodecs} lists
 * them by the class each encodes; the app registers them with ONOS's codec service, and the REST resources and CLI
 * commands get them with {@code codec(X.class)}.
 */
package org.onosproject.nids.codec;
