/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.host.HostService;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.api.NidsIncidentListener;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.IncidentState;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.nids.detection.IncidentPolicy;
import org.onosproject.nids.impl.EdgePorts;
import org.onosproject.nids.impl.block.NidsBlockStore;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Comparator;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.ATTACK_FAMILIES;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.ATTACK_FAMILIES_DEFAULT;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.INCIDENT_EVIDENCE_FLOWS;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.INCIDENT_EVIDENCE_FLOWS_DEFAULT;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.INCIDENT_MIN_CONFIDENCE_PERMILLE;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.INCIDENT_MIN_CONFIDENCE_PERMILLE_DEFAULT;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.INCIDENT_WINDOW_SECONDS;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.INCIDENT_WINDOW_SECONDS_DEFAULT;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.MAX_INCIDENTS;
import static org.onosproject.nids.impl.incident.IncidentPropertyConstants.MAX_INCIDENTS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Turns attack records into incidents (docs/alerts.md): checks where each record's client sent from against ONOS's
 * host locations ({@link SourceLocations}), groups the verdict into the incident of its source and attack family
 * through the shared {@link IncidentBook} rule, raises an alert for each of an incident's first flows (its evidence),
 * closes incidents idle past the window, and posts the store's changes as {@link NidsIncidentEvent}s.
 */
@Component(immediate = true, service = NidsIncidentService.class,
        property = {
                INCIDENT_WINDOW_SECONDS + ":Integer=" + INCIDENT_WINDOW_SECONDS_DEFAULT,
                INCIDENT_EVIDENCE_FLOWS + ":Integer=" + INCIDENT_EVIDENCE_FLOWS_DEFAULT,
                INCIDENT_MIN_CONFIDENCE_PERMILLE + ":Integer=" + INCIDENT_MIN_CONFIDENCE_PERMILLE_DEFAULT,
                MAX_INCIDENTS + ":Integer=" + MAX_INCIDENTS_DEFAULT,
                ATTACK_FAMILIES + "=" + ATTACK_FAMILIES_DEFAULT,
        })
public class NidsIncidentManager extends AbstractListenerManager<NidsIncidentEvent, NidsIncidentListener>
        implements NidsIncidentService {

    /** Newest first: last seen, then id. */
    static final Comparator<Incident> NEWEST_FIRST = Comparator.comparingLong(Incident::lastSeenMicros)
            .thenComparingLong(Incident::id).reversed();
    /** How often incidents idle past the window are closed. */
    static final long SWEEP_PERIOD_MILLIS = 1000;
    /**
     * The leadership topic of the idle sweep: in a cluster one instance closes idle incidents (a sweep reads the whole
     * cluster-wide store; every instance sees the closes as store events). When the leader dies, another is elected.
     */
    static final String SWEEP_TOPIC = "org.onosproject.nids.incident-sweep";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsIncidentStore store;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsAlertService alertService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsBlockStore blockStore;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected EdgePortService edgePortService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService networkConfigService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    /** The controller clock (ms); tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    /** A source's verdicts of one attack family join its incident while they come less than this apart. */
    private int incidentWindowSeconds = INCIDENT_WINDOW_SECONDS_DEFAULT;
    /** An incident's first flows that each get an alert (its evidence, with their decision paths). */
    private int incidentEvidenceFlows = INCIDENT_EVIDENCE_FLOWS_DEFAULT;
    /** Verdicts below this leaf confidence (permille) are only counted per class, never an incident. */
    private int incidentMinConfidencePermille = INCIDENT_MIN_CONFIDENCE_PERMILLE_DEFAULT;
    /** Incidents kept; an open incident is never evicted (closed, acknowledged, blocked ones go first). */
    private int maxIncidents = MAX_INCIDENTS_DEFAULT;
    /**
     * Attack family of class names the built-in words do not place, e.g. Generic=Flood,Fuzzers=Other (families: Scan,
     * Flood, BruteForce, SlowDoS, Other).
     */
    private String attackFamilies = ATTACK_FAMILIES_DEFAULT;
    /** The five properties above as one value. */
    private volatile IncidentPolicy policy = IncidentPolicy.DEFAULT;

    private SourceLocations locations;
    private final SlowVerdicts slowVerdicts = new SlowVerdicts();
    private ScheduledExecutorService sweeper;
    private final NidsIncidentStoreDelegate delegate = this::post;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readConfiguration(context);
        locations = new SourceLocations(hostService, new EdgePorts(edgePortService, networkConfigService)::isEdge);
        store.setDelegate(delegate);
        eventDispatcher.addSink(NidsIncidentEvent.class, listenerRegistry);
        leadershipService.runForLeadership(SWEEP_TOPIC);
        sweeper = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "incident-sweep-%d", log));
        sweeper.scheduleWithFixedDelay(this::closeIdle, SWEEP_PERIOD_MILLIS, SWEEP_PERIOD_MILLIS,
                                       TimeUnit.MILLISECONDS);
        log.info("Started; policy {}", policy);
    }

    @Deactivate
    protected void deactivate() {
        sweeper.shutdownNow();
        leadershipService.withdraw(SWEEP_TOPIC);
        eventDispatcher.removeSink(NidsIncidentEvent.class);
        store.unsetDelegate(delegate);
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readConfiguration(context);
    }

    /** Reads every property; a bad value is logged and the previous one kept. */
    private void readConfiguration(ComponentContext context) {
        if (context == null) {
            return;
        }
        Dictionary<?, ?> properties = context.getProperties();
        IncidentPolicy next = policy;
        for (String name : DetectionPolicy.INCIDENT_PROPERTIES) {
            Object raw = properties.get(name);
            if (raw == null) {
                continue;
            }
            String text = raw.toString().strip();
            try {
                next = DetectionPolicy.withProperty(next, name, text);
            } catch (IllegalArgumentException e) {
                log.warn("Ignoring {}=\"{}\": {}; keeping the previous value", name, text, e.getMessage());
            }
        }
        if (!next.equals(policy)) {
            log.info("Incident policy {}", next);
        }
        policy = next;
        incidentWindowSeconds = (int) next.windowSeconds();
        incidentEvidenceFlows = next.evidenceFlows();
        incidentMinConfidencePermille = next.minConfidencePermille();
        maxIncidents = next.maxIncidents();
        attackFamilies = next.families().spec();
    }

    @Override
    public Optional<Incident> report(FlowRecord record) {
        checkNotNull(record, "record");
        checkArgument(record.isAttack(), "not an attack (class 0): %s", record);
        long started = System.nanoTime();
        long millis = record.receivedMillis() > 0 ? record.receivedMillis() : clock.getAsLong();
        SourceLocations.Result where = locations.check(record);
        long located = System.nanoTime();
        FlowVerdict verdict = FlowVerdict.builder()
                .timeMicros(millis * 1000)
                .flow(record.key().clientIp().toInt(), record.key().clientPort(), record.key().serverIp().toInt(),
                      record.key().serverPort(), record.key().protocol())
                .verdict(record.classId(), record.className(), record.leafId())
                // The switch's (or, for an evicted flow, the app's) phase and leaf confidence of the verdict.
                .phase(record.phase()).confidencePermille(record.confidencePermille())
                .decisionPath(alertService.explain(record))
                .modelId(record.modelId().orElse(null))
                // Where the flow's client sent from: what the location check looked at.
                .reportedBy(record.deviceId().toString(), record.clientIngressPort().toLong())
                .location(where.check(), where.detail())
                .build();
        long explained = System.nanoTime();
        IncidentBook.Placement placement = store.book().report(verdict, policy, alertService.severities(),
                                                               host -> blockStore.cutOff(Ip4Address.valueOf(host)));
        long placed = System.nanoTime();
        placement.evicted().ifPresent(i -> log.debug("Incident store full: evicted {}", i));
        if (placement.kind() == IncidentBook.Placement.Kind.REFUSED) {
            log.warn("Incident store full of open incidents ({} of maxIncidents {}): verdict of {} counted as "
                             + "refused", store.book().size(), policy.maxIncidents(), verdict.describeFlow());
        }
        Optional<Incident> incident = placement.incident();
        incident.filter(i -> i.evidenceOf(verdict.flowId()).isPresent()).ifPresent(i -> raiseEvidence(record, i));
        slowVerdicts.check(verdict, placement.kind(), started, located, explained, placed, System.nanoTime());
        return incident;
    }

    /**
     * One of the incident's first flows: its alert, marked blocked at once if the incident is (read again: the
     * verdict itself may just have made the block).
     */
    private void raiseEvidence(FlowRecord record, Incident incident) {
        NidsAlert alert = alertService.report(record, incident.id());
        store.incident(incident.id()).flatMap(Incident::blockId)
                .filter(b -> !alert.blockId().equals(Optional.of(b)))
                .ifPresent(b -> alertService.markBlocked(alert.id(), b));
    }

    @Override
    public List<Incident> incidents(IncidentQuery query) {
        checkNotNull(query, "query");
        long now = clock.getAsLong() * 1000;
        long window = policy.windowMicros();
        // The stored state lags the sweep by up to a period: what a reader sees is the state at the clock.
        return store.book().incidents().stream().map(i -> atClock(i, now, window)).filter(query::matches)
                .sorted(NEWEST_FIRST).limit(query.limit()).collect(ImmutableList.toImmutableList());
    }

    private static Incident atClock(Incident incident, long nowMicros, long windowMicros) {
        return incident.stateAt(nowMicros, windowMicros) != incident.state() ? incident.closed() : incident;
    }

    @Override
    public Optional<Incident> incident(long incidentId) {
        return store.incident(incidentId).map(i -> atClock(i, clock.getAsLong() * 1000, policy.windowMicros()));
    }

    @Override
    public Incident acknowledge(long incidentId) {
        Incident incident = store.book().change(incidentId, Incident::acknowledged)
                .orElseThrow(() -> notFound(incidentId));
        // Its evidence alerts are acknowledged with it: the operator has seen the attack.
        evidenceAlerts(incidentId).forEach(a -> alertService.acknowledge(a.id()));
        return incident;
    }

    @Override
    public List<Incident> blockRemoved(String blockId) {
        checkNotNull(blockId, "blockId");
        ImmutableList.Builder<Incident> closed = ImmutableList.builder();
        for (Incident incident : store.book().incidents()) {
            if (incident.state() == IncidentState.BLOCKED && incident.blockId().equals(Optional.of(blockId))) {
                store.book().change(incident.id(), i -> i.state() == IncidentState.BLOCKED
                        && i.blockId().equals(Optional.of(blockId)) ? i.closed() : i)
                        .filter(i -> i.state() == IncidentState.CLOSED).ifPresent(closed::add);
            }
        }
        return closed.build();
    }

    @Override
    public Incident markBlocked(long incidentId, String blockId) {
        checkNotNull(blockId, "blockId");
        Incident incident = store.book().change(incidentId,
                i -> i.blockId().equals(Optional.of(blockId)) ? i : i.blocked(blockId))
                .orElseThrow(() -> notFound(incidentId));
        for (NidsAlert alert : evidenceAlerts(incidentId)) {
            try {
                alertService.markBlocked(alert.id(), blockId);
            } catch (NidsException e) {
                log.debug("Alert {} of incident {} went meanwhile: {}", alert.id(), incidentId, e.getMessage());
            }
        }
        return incident;
    }

    private List<NidsAlert> evidenceAlerts(long incidentId) {
        return alertService.alerts(AlertQuery.builder().incidentId(incidentId).limit(AlertQuery.MAX_LIMIT).build());
    }

    @Override
    public Optional<Incident> recordDecision(long incidentId, BlockDecision decision) {
        checkNotNull(decision, "decision");
        return store.book().change(incidentId, i -> i.hasDecision(decision) ? i : i.decided(decision));
    }

    @Override
    public IncidentPolicy policy() {
        return policy;
    }

    @Override
    public Map<String, Long> counters() {
        return store.counters();
    }

    /** Closes the incidents idle past the window (fires INCIDENT_CLOSED), if this instance leads the sweep. */
    void closeIdle() {
        if (!leadsSweep()) {
            return;
        }
        try {
            int closed = store.book().closeIdle(clock.getAsLong() * 1000, policy.windowMicros());
            if (closed > 0) {
                log.debug("Closed {} idle incident(s)", closed);
            }
        } catch (RuntimeException e) {
            // The sweep runs again in a second; a failure must not cancel the schedule.
            log.warn("Incident sweep failed: {}", e.getMessage(), e);
        }
    }

    private boolean leadsSweep() {
        NodeId leader = leadershipService.getLeader(SWEEP_TOPIC);
        return leader != null && leader.equals(clusterService.getLocalNode().id());
    }

    static NidsException notFound(long incidentId) {
        return new NidsException(NOT_FOUND, "incident " + incidentId + " does not exist");
    }
}
