/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * Names the NIDS bundles share with ONOS and operators.
 */
public final class NidsApp {

    /** The ONOS application: its .oar, and every entry the app and the pipeline behaviour write. */
    public static final String APP_NAME = "org.onosproject.nids";

    /** The id the NIDS pipeconf registers under; switches name it in their netcfg ("basic.pipeconf"). */
    public static final String PIPECONF_ID = "org.onosproject.nids.bmv2";

    private NidsApp() {
    }
}
