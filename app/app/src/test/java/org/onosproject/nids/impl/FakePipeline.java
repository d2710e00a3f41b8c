/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onlab.packet.ChassisId;
import org.onlab.packet.Ip4Address;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.PipelineReadBack;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A switch's pipeline as the app sees it, in memory: records every call, keeps which model each bank holds, and
 * refuses, fails or never confirms the steps a test chooses.
 */
public final class FakePipeline extends AbstractHandlerBehaviour implements NidsProgrammable {

    /** The kinds of write the app asks for. */
    public enum Step {
        WRITE, CLEAR, CONFIGURE
    }

    /** One call. */
    public static final class Call {
        public final Step step;
        public final int bank;
        public final ModelBundle model;
        public final PipelineConfig config;

        Call(Step step, int bank, ModelBundle model, PipelineConfig config) {
            this.step = step;
            this.bank = bank;
            this.model = model;
            this.config = config;
        }

        @Override
        public String toString() {
            return step + " bank " + bank + (config == null ? "" : " epoch " + config.epoch());
        }
    }

    public final DeviceId deviceId;
    public final List<Call> calls = new ArrayList<>();
    public final Map<Integer, ModelBundle> banks = new HashMap<>();
    public final Set<Step> refuse = new HashSet<>();
    public final Set<Step> hang = new HashSet<>();
    public final Set<Step> throwing = new HashSet<>();
    public final List<Collection<PortNumber>> prepared = new ArrayList<>();
    public PipelineConfig config;
    /** Whether {@link #readBack} answers (a real switch's read may fail). */
    public boolean readable;
    public PipelineCapacity capacity = NidsTestModels.capacity();
    public Map<Integer, Map<Integer, Long>> classCounters = new HashMap<>();
    public Map<String, Long> reportCounters = Map.of();
    public ReportFormat reportFormat;
    /** The blocks asked for: intent app, port, source, scope. */
    public final List<List<Object>> blocks = new ArrayList<>();
    /** Where calls of several switches are also recorded, in the order they were made (if set). */
    public List<Call> fabricCalls;

    public FakePipeline(DeviceId deviceId) {
        this.deviceId = deviceId;
    }

    /** @return a switch whose driver answers {@code as(NidsProgrammable.class)} with this pipeline */
    public Device device() {
        FakePipeline pipeline = this;
        return new DefaultDevice(new ProviderId("test", "nids"), deviceId, Device.Type.SWITCH, "bmv2", "1", "1",
                                 "sn", new ChassisId()) {
            @Override
            public <B extends Behaviour> boolean is(Class<B> projectionClass) {
                return projectionClass == NidsProgrammable.class;
            }

            @Override
            public <B extends Behaviour> B as(Class<B> projectionClass) {
                return projectionClass.cast(pipeline);
            }
        };
    }

    /**
     * @param id device id
     * @return a switch running another pipeline (no driver behaviour of the NIDS)
     */
    public static Device otherSwitch(DeviceId id) {
        return new DefaultDevice(new ProviderId("test", "other"), id, Device.Type.SWITCH, "of", "1", "1", "sn",
                                 new ChassisId()) {
            @Override
            public <B extends Behaviour> boolean is(Class<B> projectionClass) {
                return false;
            }
        };
    }

    /**
     * @param switches switches: {@link #device()}s and others
     * @return a device service that knows them (all available)
     */
    public static DeviceService deviceService(List<Device> switches) {
        return new DeviceServiceAdapter(switches);
    }

    private synchronized CompletableFuture<Boolean> outcome(Call call, Runnable effect) {
        calls.add(call);
        if (fabricCalls != null) {
            fabricCalls.add(call);
        }
        if (hang.contains(call.step)) {
            return new CompletableFuture<>();
        }
        if (throwing.contains(call.step)) {
            return CompletableFuture.failedFuture(new IllegalStateException("channel closed"));
        }
        if (refuse.contains(call.step)) {
            return CompletableFuture.completedFuture(false);
        }
        effect.run();
        return CompletableFuture.completedFuture(true);
    }

    /** @return the calls of one kind, in order */
    public synchronized List<Call> calls(Step step) {
        List<Call> of = new ArrayList<>();
        calls.stream().filter(c -> c.step == step).forEach(of::add);
        return of;
    }

    @Override
    public PipelineCapacity capacity() {
        return capacity;
    }

    @Override
    public void prepare(Collection<PortNumber> edgePorts) {
        prepared.add(List.copyOf(edgePorts));
    }

    @Override
    public int entryCount(ModelBundle model) {
        return model.phases().stream().mapToInt(p -> p.compiled().featureEntries().size()
                + p.compiled().decisionEntries().size()).sum();
    }

    @Override
    public CompletableFuture<Boolean> writeBank(int bank, ModelBundle model) {
        return outcome(new Call(Step.WRITE, bank, model, null), () -> banks.put(bank, model));
    }

    @Override
    public CompletableFuture<Boolean> clearBank(int bank) {
        return outcome(new Call(Step.CLEAR, bank, null, null), () -> banks.remove(bank));
    }

    @Override
    public CompletableFuture<Boolean> configure(PipelineConfig newConfig) {
        return outcome(new Call(Step.CONFIGURE, newConfig.bank(), null, newConfig), () -> config = newConfig);
    }

    /**
     * What the switch holds, as a real one reads it back: the configured bank and epoch, the entries per bank (when
     * {@link #readable}).
     */
    @Override
    public synchronized Optional<PipelineReadBack> readBack() {
        if (!readable) {
            return Optional.empty();
        }
        Map<Integer, Integer> entries = new HashMap<>();
        banks.forEach((bank, model) -> entries.put(bank, entryCount(model)));
        return Optional.of(new PipelineReadBack(config == null ? 0 : config.bank(), config == null ? 0
                : config.epoch(), entries));
    }

    @Override
    public Map<Integer, Long> classCounters(int bank) {
        return classCounters.getOrDefault(bank, Map.of());
    }

    @Override
    public Map<String, Long> reportCounters() {
        return reportCounters;
    }

    @Override
    public ReportFormat reportFormat() {
        return reportFormat;
    }

    @Override
    public FlowRule blockRule(ApplicationId appId, PortNumber port, Ip4Address src, BlockScope scope) {
        blocks.add(List.of(appId, port, src, scope));
        // An identifiable rule: the port is the priority, the source's last byte the table id.
        return DefaultFlowRule.builder().forDevice(deviceId).forTable(src.toInt() & 0xff)
                .withSelector(DefaultTrafficSelector.emptySelector()).withPriority((int) port.toLong())
                .fromApp(appId).makePermanent().build();
    }
}
