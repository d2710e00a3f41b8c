/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.impl.LatestRecords;
import org.onosproject.nids.model.tree.Condition;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicIdGenerator;
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
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The alert store on ONOS's distributed primitives, shaped like faultmanagement's alarm store: a consistent map of
 * alerts by id, a consistent map from each flow-and-model key to its latest alert (the dedup index), and an atomic
 * id generator ({@link LatestRecords}: no store call inside a compute function, so reports may come from several
 * threads and instances at once). The maps live in ONOS's storage, so alerts survive an app reload; every instance listens to the
 * alert map and turns its changes into alert events.
 */
@Component(immediate = true, service = NidsAlertStore.class)
public class DistributedNidsAlertStore extends AbstractStore<NidsAlertEvent, NidsAlertStoreDelegate>
        implements NidsAlertStore {

    static final String ALERTS = "nids-alerts";
    static final String INDEX = "nids-alert-index";
    static final String IDS = "nids-alert-ids";

    /** Every type the maps hold, beside ONOS's API types (DeviceId, Ip4Address, Guava collections, …). */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(NidsAlert.class, AlertState.class, AlertSeverity.class, DecisionStep.class,
                    Condition.Operator.class, FlowKey.class, AlertKey.class)
            .build("nids-alerts"));


    private static final Comparator<NidsAlert> PRUNE_ORDER =
            Comparator.<NidsAlert, Boolean>comparing(alert -> !alert.state().isClosed())
                    .thenComparingLong(NidsAlert::lastSeenMillis)
                    .thenComparingLong(NidsAlert::id);

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<Long, NidsAlert> alerts;
    private ConsistentMap<AlertKey, Long> index;
    private LatestRecords<AlertKey, NidsAlert> records;
    private final MapEventListener<Long, NidsAlert> alertListener = this::alertChanged;

    @Activate
    protected void activate() {
        alerts = storageService.<Long, NidsAlert>consistentMapBuilder()
                .withName(ALERTS).withSerializer(SERIALIZER).build();
        index = storageService.<AlertKey, Long>consistentMapBuilder()
                .withName(INDEX).withSerializer(SERIALIZER).build();
        AtomicIdGenerator ids = storageService.atomicIdGeneratorBuilder().withName(IDS).build()
                .asAtomicIdGenerator();
        records = new LatestRecords<>(index, alerts, ids);
        alerts.addListener(alertListener);
        log.info("Started with {} stored alert(s)", alerts.size());
    }

    @Deactivate
    protected void deactivate() {
        alerts.removeListener(alertListener);
        records.close();
        log.info("Stopped");
    }

    @Override
    public NidsAlert report(AlertKey key, long time, long windowMillis, LongFunction<NidsAlert> open,
                            UnaryOperator<NidsAlert> fold) {
        // The key's latest alert while it is within the window, else a new one; a concurrent report of the same flow
        // (another detection thread or instance) folds into the alert whichever stores it first (LatestRecords).
        return records.openOrJoin(key, null, alert -> time - alert.lastSeenMillis() < windowMillis, open, fold);
    }

    @Override
    public Optional<NidsAlert> alert(long alertId) {
        return Optional.ofNullable(Versioned.valueOrNull(alerts.get(alertId)));
    }

    @Override
    public Collection<NidsAlert> alerts() {
        return records.values();
    }

    @Override
    public int size() {
        return records.size();
    }

    @Override
    public Optional<NidsAlert> update(long alertId, Predicate<NidsAlert> needed, UnaryOperator<NidsAlert> change) {
        return records.change(alertId, alert -> needed.test(alert) ? change.apply(alert) : alert);
    }

    @Override
    public Collection<NidsAlert> prune(int keep) {
        List<NidsAlert> all = new ArrayList<>(alerts());
        if (all.size() <= keep) {
            return List.of();
        }
        all.sort(PRUNE_ORDER);
        List<NidsAlert> removed = new ArrayList<>(all.subList(0, all.size() - Math.max(0, keep)));
        for (NidsAlert alert : removed) {
            // The index first: a report racing with the pruning then opens a new alert rather than reviving this id.
            index.remove(AlertKey.of(alert), alert.id());
            alerts.remove(alert.id());
        }
        long open = removed.stream().filter(alert -> !alert.state().isClosed()).count();
        if (open > 0) {
            log.warn("Alert store full: pruned {} alert(s), {} of them still open (raise maxAlerts?)",
                    removed.size(), open);
        } else {
            log.debug("Pruned {} closed alert(s)", removed.size());
        }
        return removed.stream().collect(Collectors.toUnmodifiableList());
    }

    private void alertChanged(MapEvent<Long, NidsAlert> event) {
        eventOf(Versioned.valueOrNull(event.oldValue()), Versioned.valueOrNull(event.newValue()))
                .ifPresent(this::notifyDelegate);
    }

    /**
     * The alert event of a change of the alert map.
     *
     * @param before the alert before, null if it was raised
     * @param after  the alert after, null if it was removed (pruned: no event)
     * @return the event, if the change is one
     */
    static Optional<NidsAlertEvent> eventOf(NidsAlert before, NidsAlert after) {
        if (after == null || after.equals(before)) {
            return Optional.empty();
        }
        if (before == null) {
            return Optional.of(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_RAISED, after, null));
        }
        boolean stateChanged = before.state() != after.state()
                || !Objects.equals(before.blockId(), after.blockId());
        NidsAlertEvent.Type type = !stateChanged ? NidsAlertEvent.Type.ALERT_UPDATED
                : after.state() == AlertState.BLOCKED ? NidsAlertEvent.Type.ALERT_BLOCKED
                : after.state() == AlertState.ACKNOWLEDGED ? NidsAlertEvent.Type.ALERT_ACKNOWLEDGED
                : NidsAlertEvent.Type.ALERT_UPDATED;
        return Optional.of(new NidsAlertEvent(type, after, before));
    }
}
