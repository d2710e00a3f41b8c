/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.IntentListener;
import org.onosproject.net.intent.IntentServiceAdapter;
import org.onosproject.net.intent.IntentState;
import org.onosproject.net.intent.Key;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Records what is submitted and withdrawn; a submitted intent reads INSTALLED, a withdrawn one WITHDRAWN. */
final class TestIntents extends IntentServiceAdapter {

    final List<Intent> submitted = new java.util.concurrent.CopyOnWriteArrayList<>();
    final List<Intent> withdrawn = new ArrayList<>();
    final Map<Key, Intent> intents = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    final Map<Key, IntentState> states = new LinkedHashMap<>();
    final List<IntentListener> listeners = new ArrayList<>();
    RuntimeException failSubmit;

    @Override
    public void submit(Intent intent) {
        if (failSubmit != null) {
            throw failSubmit;
        }
        submitted.add(intent);
        intents.put(intent.key(), intent);
        states.put(intent.key(), IntentState.INSTALLED);
    }

    @Override
    public void withdraw(Intent intent) {
        withdrawn.add(intent);
        states.put(intent.key(), IntentState.WITHDRAWN);
    }

    @Override
    public Intent getIntent(Key key) {
        return intents.get(key);
    }

    @Override
    public IntentState getIntentState(Key key) {
        return states.get(key);
    }

    @Override
    public List<Intent> getInstallableIntents(Key key) {
        return List.of();
    }

    @Override
    public void addListener(IntentListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(IntentListener listener) {
        listeners.remove(listener);
    }
}
