/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.store.service.Versioned;

import java.util.List;
import java.util.Set;

/**
 * The class-share series and each switch's last counter read, shared by every ONOS instance of a cluster: each
 * switch's master reads its counters and adds what they counted to the sample of the poll round, so every instance
 * shows the same series whichever instance polled which switch.
 */
public interface ClassShareStore {

    /**
     * @param deviceId a switch
     * @return its last read and the read's version, null if it has none
     */
    Versioned<ClassCounterRead> lastRead(DeviceId deviceId);

    /**
     * Stores a switch's new read, only if its last read is still the one given: two instances that read one switch
     * at once (a mastership in flux) do not both count its packets.
     *
     * @param deviceId a switch
     * @param previous its last read as {@link #lastRead} gave it, null if it had none
     * @param read     the new read
     * @return false if another read was stored meanwhile (the new one is not; its packets must not be counted)
     */
    boolean replaceRead(DeviceId deviceId, Versioned<ClassCounterRead> previous, ClassCounterRead read);

    /** @return the switches that have a stored read */
    Set<DeviceId> readDevices();

    /**
     * Forgets a switch's last read (it left the fabric or runs no model: it starts over with a baseline).
     *
     * @param deviceId a switch
     */
    void forgetRead(DeviceId deviceId);

    /**
     * Adds the packets one instance counted in a poll round to the round's sample (its time is the round's start,
     * the sample's key), opening the round if needed. Beyond the bound the oldest samples go, counted.
     *
     * @param counted what the instance counted in the round
     */
    void addToRound(ClassShareSample counted);

    /**
     * @param limit at most this many (positive)
     * @return the most recent samples, oldest first
     */
    List<ClassShareSample> recent(int limit);

    /**
     * @param maxSamples samples kept (positive); the oldest beyond it go when the next round opens
     */
    void setCapacity(int maxSamples);

    /** @return samples kept at most */
    int capacity();

    /** @return samples dropped from the series beyond the bound, over the whole cluster */
    long samplesDropped();
}
