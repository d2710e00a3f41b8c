/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import com.google.common.collect.ImmutableList;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.impl.Knobs;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.SeverityPolicy;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.phase.Phase;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Collections;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_DEDUP_WINDOW_SECONDS;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_DEDUP_WINDOW_SECONDS_DEFAULT;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_SEVERITIES;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_SEVERITIES_DEFAULT;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.MAX_ALERTS;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.MAX_ALERTS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Turns attack reports into alerts: deduplicates them per flow and model within the dedup window, explains each
 * with the decision path of its leaf, derives its severity from its class, keeps the store bounded, and posts the
 * store's changes as {@link NidsAlertEvent}s to the listeners of this instance.
 */
@Component(immediate = true, service = NidsAlertService.class,
        property = {
                ALERT_DEDUP_WINDOW_SECONDS + ":Integer=" + ALERT_DEDUP_WINDOW_SECONDS_DEFAULT,
                MAX_ALERTS + ":Integer=" + MAX_ALERTS_DEFAULT,
                ALERT_SEVERITIES + "=" + ALERT_SEVERITIES_DEFAULT,
        })
public class NidsAlertManager extends AbstractListenerManager<NidsAlertEvent, NidsAlertListener>
        implements NidsAlertService {

    /** Newest first: last seen, then id (later ids first). */
    static final Comparator<NidsAlert> NEWEST_FIRST = Comparator.comparingLong(NidsAlert::lastSeenMillis)
            .thenComparingLong(NidsAlert::id).reversed();

    /** Models whose class names and leaves are kept at hand (models are immutable: an id names one content). */
    private static final int MODEL_CACHE_SIZE = 8;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsAlertStore store;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsModelService modelService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /**
     * Reports of a flow (same key and model) less than this long after its alert was last seen add to that alert;
     * later ones raise a new alert.
     */
    private volatile int alertDedupWindowSeconds = ALERT_DEDUP_WINDOW_SECONDS_DEFAULT;
    /** Alerts kept; beyond it the oldest are pruned to 90%, acknowledged and blocked ones first. */
    private volatile int maxAlerts = MAX_ALERTS_DEFAULT;
    /**
     * Severity overrides by class name, e.g. Scan=LOW,DDoS=HIGH (default: MEDIUM for names with scan/recon/probe,
     * else HIGH).
     */
    private volatile String alertSeverities = ALERT_SEVERITIES_DEFAULT;
    private volatile SeverityPolicy severities = SeverityPolicy.DEFAULT;

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final NidsAlertStoreDelegate delegate = this::post;
    private final Map<String, ModelBundle> models = Collections.synchronizedMap(
            new LinkedHashMap<>(MODEL_CACHE_SIZE, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, ModelBundle> eldest) {
                    return size() > MODEL_CACHE_SIZE;
                }
            });

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readConfiguration(context);
        store.setDelegate(delegate);
        eventDispatcher.addSink(NidsAlertEvent.class, listenerRegistry);
        log.info("Started; dedup window {} s, at most {} alerts, severities {}", alertDedupWindowSeconds,
                maxAlerts, severities);
    }

    @Deactivate
    protected void deactivate() {
        eventDispatcher.removeSink(NidsAlertEvent.class);
        store.unsetDelegate(delegate);
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readConfiguration(context);
        pruneIfFull();
    }

    private void readConfiguration(ComponentContext context) {
        if (context == null) {
            return;
        }
        Dictionary<?, ?> properties = context.getProperties();
        alertDedupWindowSeconds = Knobs.integer(properties, ALERT_DEDUP_WINDOW_SECONDS, alertDedupWindowSeconds, 0,
                                                24 * 3600);
        maxAlerts = Knobs.integer(properties, MAX_ALERTS, maxAlerts, 1, 100_000);
        String spec = Tools.get(properties, ALERT_SEVERITIES);
        try {
            severities = SeverityPolicy.parse(spec);
            alertSeverities = spec == null ? ALERT_SEVERITIES_DEFAULT : spec;
        } catch (IllegalArgumentException e) {
            log.warn("Ignoring {}={}: {}", ALERT_SEVERITIES, spec, e.getMessage());
        }
    }

    @Override
    public NidsAlert report(FlowRecord record) {
        return report(record, null);
    }

    @Override
    public NidsAlert report(FlowRecord record, long incidentId) {
        return report(record, Long.valueOf(incidentId));
    }

    @Override
    public String explain(FlowRecord record) {
        checkNotNull(record, "record");
        return decisionPath(record, record.modelId().flatMap(this::model))
                .stream().map(DecisionStep::explain).collect(Collectors.joining(" and "));
    }

    @Override
    public SeverityPolicy severities() {
        return severities;
    }

    private NidsAlert report(FlowRecord record, Long incidentId) {
        checkNotNull(record, "record");
        checkArgument(record.isAttack(), "not an attack (class 0): %s", record);
        long time = record.receivedMillis() > 0 ? record.receivedMillis() : System.currentTimeMillis();
        Optional<ModelBundle> model = record.modelId().flatMap(this::model);
        String className = model.filter(m -> record.classId() < m.classNames().size())
                .map(m -> m.classNames().get(record.classId()))
                .orElse(record.className());
        List<DecisionStep> path = decisionPath(record, model);
        AlertSeverity severity = severities.of(className);
        AlertKey key = AlertKey.of(record.key(), record.modelId().orElse(null));

        NidsAlert alert = store.report(key, time, alertDedupWindowSeconds * 1000L,
                id -> NidsAlert.builder().id(id).flowKey(record.key()).modelId(record.modelId().orElse(null))
                        .classId(record.classId()).className(className).severity(severity)
                        .leafId(record.leafId()).decisionPath(path).features(record.features())
                        .deviceReports(Map.of(record.deviceId(), 1L))
                        .firstSeenMillis(time).lastSeenMillis(time).reportCount(1).state(AlertState.OPEN)
                        .incidentId(incidentId).build(),
                current -> withIncident(fold(current, record, time, className, severity, path), incidentId));
        if (alert.reportCount() == 1) {
            pruneIfFull();
        }
        return alert;
    }

    /**
     * Adds a report to an alert: one more report (of its switch), first/last seen widened; the class, leaf, decision
     * path and features become the report's unless an even later report is already folded in. The state stays.
     */
    static NidsAlert fold(NidsAlert alert, FlowRecord record, long time, String className, AlertSeverity severity,
                          List<DecisionStep> path) {
        Map<DeviceId, Long> devices = new LinkedHashMap<>(alert.deviceReports());
        devices.merge(record.deviceId(), 1L, Long::sum);
        NidsAlert.Builder folded = alert.toBuilder()
                .reportCount(alert.reportCount() + 1)
                .deviceReports(devices)
                .firstSeenMillis(Math.min(alert.firstSeenMillis(), time))
                .lastSeenMillis(Math.max(alert.lastSeenMillis(), time));
        if (time >= alert.lastSeenMillis()) {
            folded.classId(record.classId()).className(className).severity(severity).leafId(record.leafId())
                    .decisionPath(path).features(record.features());
        }
        return folded.build();
    }

    /** An alert raised before its flow became evidence keeps the incident it joins now. */
    private static NidsAlert withIncident(NidsAlert alert, Long incidentId) {
        return incidentId == null || alert.incidentId().isPresent() ? alert
                : alert.toBuilder().incidentId(incidentId).build();
    }

    /** The path through the tree of the verdict's phase; none without the model or the phase. */
    private List<DecisionStep> decisionPath(FlowRecord record, Optional<ModelBundle> model) {
        return model.flatMap(m -> phaseOf(record.phase()).flatMap(m::phase))
                .map(p -> DecisionPaths.explain(p.compiled(), record.leafId(), record.features(), catalog))
                .orElse(List.of());
    }

    /** The phase a report names; none if the number is not a phase (a report from another pipeline build). */
    private static Optional<Phase> phaseOf(int number) {
        try {
            return Optional.of(Phase.of(number));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private Optional<ModelBundle> model(String modelId) {
        ModelBundle cached = models.get(modelId);
        if (cached != null) {
            return Optional.of(cached);
        }
        try {
            Optional<ModelBundle> model = modelService.model(modelId);
            model.ifPresent(m -> models.put(modelId, m));
            return model;
        } catch (RuntimeException e) {
            // An alert without its explanation beats no alert.
            log.warn("Cannot read model {} to explain an alert: {}", modelId, e.getMessage());
            return Optional.empty();
        }
    }

    private void pruneIfFull() {
        int max = maxAlerts;
        if (store.size() > max) {
            // Down to 90% of the bound, so a full store is not scanned again on every new alert.
            store.prune(max - max / 10);
        }
    }

    @Override
    public List<NidsAlert> alerts(AlertQuery query) {
        checkNotNull(query, "query");
        return store.alerts().stream().filter(query::matches).sorted(NEWEST_FIRST).limit(query.limit())
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public List<NidsAlert> alerts() {
        return store.alerts().stream().sorted(NEWEST_FIRST).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<NidsAlert> alert(long alertId) {
        return store.alert(alertId);
    }

    @Override
    public NidsAlert acknowledge(long alertId) {
        return store.update(alertId, alert -> alert.state() == AlertState.OPEN,
                alert -> alert.withState(AlertState.ACKNOWLEDGED))
                .orElseThrow(() -> notFound(alertId));
    }

    @Override
    public NidsAlert markBlocked(long alertId, String blockId) {
        checkNotNull(blockId, "blockId");
        return store.update(alertId,
                alert -> alert.state() != AlertState.BLOCKED || !alert.blockId().equals(Optional.of(blockId)),
                alert -> alert.toBuilder().state(AlertState.BLOCKED).blockId(blockId).build())
                .orElseThrow(() -> notFound(alertId));
    }

    static NidsException notFound(long alertId) {
        return new NidsException(NOT_FOUND, "alert " + alertId + " does not exist");
    }
}
