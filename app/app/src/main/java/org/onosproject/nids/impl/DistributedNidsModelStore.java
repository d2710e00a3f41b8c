/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableMap;
import org.onlab.util.KryoNamespace;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicValue;
import org.onosproject.store.service.AtomicValueEventListener;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The model store on ONOS's distributed primitives: consistent maps for models and switch states, an atomic value
 * for the active model. A model's JSON is kept gzip-compressed: a full-capacity bundle is about 1.1 MiB of JSON, more
 * than one Atomix Raft entry holds (1 MiB), and a fraction of that compressed. Their listeners turn every change,
 * wherever in the cluster it was made, into a {@link NidsModelEvent} for the delegate.
 */
@Component(immediate = true, service = NidsModelStore.class)
public class DistributedNidsModelStore extends AbstractStore<NidsModelEvent, NidsModelStoreDelegate>
        implements NidsModelStore {

    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(DeviceModelState.class, ActiveModel.class)
            .build("nids-models"));

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, byte[]> models;
    private ConsistentMap<DeviceId, DeviceModelState> devices;
    private AtomicValue<ActiveModel> active;

    private final MapEventListener<String, byte[]> modelListener = this::modelChanged;
    private final MapEventListener<DeviceId, DeviceModelState> deviceListener = this::deviceChanged;
    private final AtomicValueEventListener<ActiveModel> activeListener = event -> {
        // An activation gets a new epoch (also when it activates the model that is active already).
        long before = event.oldValue() == null ? 0 : event.oldValue().epoch();
        if (event.newValue() != null && event.newValue().epoch() != before) {
            event.newValue().modelId().ifPresent(
                    id -> notifyDelegate(new NidsModelEvent(NidsModelEvent.Type.MODEL_ACTIVATED, id)));
        }
    };

    @Activate
    protected void activate() {
        models = storageService.<String, byte[]>consistentMapBuilder()
                .withName("nids-models").withSerializer(SERIALIZER).build();
        devices = storageService.<DeviceId, DeviceModelState>consistentMapBuilder()
                .withName("nids-device-models").withSerializer(SERIALIZER).build();
        active = storageService.<ActiveModel>atomicValueBuilder()
                .withName("nids-active-model").withSerializer(SERIALIZER).build().asAtomicValue();
        models.addListener(modelListener);
        devices.addListener(deviceListener);
        active.addListener(activeListener);
    }

    @Deactivate
    protected void deactivate() {
        active.removeListener(activeListener);
        devices.removeListener(deviceListener);
        models.removeListener(modelListener);
    }

    private void modelChanged(MapEvent<String, byte[]> event) {
        if (event.type() == MapEvent.Type.INSERT) {
            notifyDelegate(new NidsModelEvent(NidsModelEvent.Type.MODEL_ADDED, event.key()));
        } else if (event.type() == MapEvent.Type.REMOVE) {
            notifyDelegate(new NidsModelEvent(NidsModelEvent.Type.MODEL_REMOVED, event.key()));
        }
    }

    private void deviceChanged(MapEvent<DeviceId, DeviceModelState> event) {
        if (event.newValue() != null) {
            notifyDelegate(new NidsModelEvent(event.newValue().value()));
        }
    }

    @Override
    public boolean putModelIfAbsent(String modelId, String json) {
        return models.putIfAbsent(modelId, compressed(json)) == null;
    }

    @Override
    public Optional<String> modelJson(String modelId) {
        return Optional.ofNullable(Versioned.valueOrNull(models.get(modelId))).map(DistributedNidsModelStore::json);
    }

    @Override
    public Map<String, String> models() {
        ImmutableMap.Builder<String, String> all = ImmutableMap.builder();
        models.asJavaMap().forEach((id, bytes) -> all.put(id, json(bytes)));
        return all.build();
    }

    /** A model's JSON as the store keeps it (gzip of its UTF-8). */
    static byte[] compressed(String json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(json.length() / 8 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The JSON of a model as the store keeps it. */
    static String json(byte[] compressed) {
        try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            return new String(gzip.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored model is not gzip: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean removeModel(String modelId) {
        return models.remove(modelId) != null;
    }

    @Override
    public ActiveModel activeModel() {
        ActiveModel current = active.get();
        return current != null ? current : ActiveModel.NONE;
    }

    @Override
    public ActiveModel updateActiveModel(UnaryOperator<ActiveModel> update) {
        while (true) {
            ActiveModel current = active.get();
            ActiveModel next = update.apply(current != null ? current : ActiveModel.NONE);
            if (active.compareAndSet(current, next)) {
                return next;
            }
        }
    }

    @Override
    public Map<DeviceId, DeviceModelState> deviceStates() {
        return ImmutableMap.copyOf(devices.asJavaMap());
    }

    @Override
    public Optional<DeviceModelState> deviceState(DeviceId deviceId) {
        return Optional.ofNullable(Versioned.valueOrNull(devices.get(deviceId)));
    }

    @Override
    public void putDeviceState(DeviceModelState state) {
        devices.put(state.deviceId(), state);
    }

    @Override
    public void removeDeviceState(DeviceId deviceId) {
        devices.remove(deviceId);
    }
}
