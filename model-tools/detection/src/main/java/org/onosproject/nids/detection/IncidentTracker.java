/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Verdicts to incidents, alerts and blocks, in memory and in time order: what the app does with a fabric's attack
 * verdicts (docs/alerts.md, docs/blocking.md), for a replay such as {@code nids-model simulate --policy} or
 * {@code eval}. The same rules as the app's: {@link IncidentBook} places each verdict, an incident's first
 * {@code incidentEvidenceFlows} flows get an alert each (the per-flow evidence), {@link AutoBlock} decides on the
 * incident after every verdict, blocks expire after their TTL. A source's verdicts while it is blocked are dropped at
 * its edge before they are tracked: they count as dropped, nothing else.
 */
public final class IncidentTracker {

    /** An alert: one evidence flow of an incident, at its first verdict. */
    public static final class Alert {
        private final long id;
        private final long incidentId;
        private final FlowVerdict verdict;
        private final AlertSeverity severity;
        private String blockId;

        Alert(long id, long incidentId, FlowVerdict verdict, AlertSeverity severity) {
            this.id = id;
            this.incidentId = incidentId;
            this.verdict = verdict;
            this.severity = severity;
        }

        public long id() {
            return id;
        }

        public long incidentId() {
            return incidentId;
        }

        /** @return the flow's first verdict */
        public FlowVerdict verdict() {
            return verdict;
        }

        public AlertSeverity severity() {
            return severity;
        }

        /** @return the block that answers its incident, if any (then BLOCKED, else OPEN) */
        public Optional<String> blockId() {
            return Optional.ofNullable(blockId);
        }
    }

    /** A block made by the policy. */
    public static final class Block {
        private final String id;
        private final int src;
        private final long incidentId;
        private final long alertId;
        private final String reason;
        private final long createdMicros;
        private final long expiresMicros;

        Block(String id, int src, long incidentId, long alertId, String reason, long createdMicros,
              long expiresMicros) {
            this.id = id;
            this.src = src;
            this.incidentId = incidentId;
            this.alertId = alertId;
            this.reason = reason;
            this.createdMicros = createdMicros;
            this.expiresMicros = expiresMicros;
        }

        public String id() {
            return id;
        }

        /** @return the source blocked, IPv4 as an int */
        public int src() {
            return src;
        }

        public String srcText() {
            return Ipv4Cidr.addressText(src);
        }

        public long incidentId() {
            return incidentId;
        }

        /** @return the incident's first alert, 0 if none */
        public long alertId() {
            return alertId;
        }

        public String reason() {
            return reason;
        }

        public long createdMicros() {
            return createdMicros;
        }

        /** @return when it expires, 0 never */
        public long expiresMicros() {
            return expiresMicros;
        }

        /** @return whether it stops its source at that time */
        public boolean activeAt(long micros) {
            return micros >= createdMicros && (expiresMicros == 0 || micros < expiresMicros);
        }
    }

    /** What became of one verdict. */
    public static final class Outcome {
        private final boolean dropped;
        private final IncidentBook.Placement placement;
        private final Alert alert;
        private final BlockDecision decision;
        private final Block block;

        Outcome(boolean dropped, IncidentBook.Placement placement, Alert alert, BlockDecision decision, Block block) {
            this.dropped = dropped;
            this.placement = placement;
            this.alert = alert;
            this.decision = decision;
            this.block = block;
        }

        /** @return whether its source was blocked: dropped at the edge, nothing else happened */
        public boolean dropped() {
            return dropped;
        }

        /** @return where the verdict went (empty when dropped) */
        public Optional<IncidentBook.Placement> placement() {
            return Optional.ofNullable(placement);
        }

        /** @return the alert it raised (a new evidence flow of its incident) */
        public Optional<Alert> alert() {
            return Optional.ofNullable(alert);
        }

        /** @return the auto-block decision about its incident (none when no incident took it) */
        public Optional<BlockDecision> decision() {
            return Optional.ofNullable(decision);
        }

        /** @return the block it caused */
        public Optional<Block> block() {
            return Optional.ofNullable(block);
        }
    }

    private final DetectionPolicy policy;
    private final MemoryIncidentBook book = new MemoryIncidentBook();
    private final List<Alert> alerts = new ArrayList<>();
    private final Map<Long, Map<Long, Alert>> alertsByIncident = new HashMap<>();
    private final List<Block> blocks = new ArrayList<>();
    private final Map<String, Long> dropped = new LinkedHashMap<>();
    private long lastMicros = Long.MIN_VALUE;

    /**
     * @param policy the detection policy
     */
    public IncidentTracker(DetectionPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Takes the next verdict (in time order).
     *
     * @param verdict an attack verdict
     * @return what became of it
     * @throws IllegalArgumentException for a verdict earlier than the previous one
     */
    public Outcome observe(FlowVerdict verdict) {
        if (verdict.timeMicros() < lastMicros) {
            throw new IllegalArgumentException("verdicts out of time order: " + verdict.timeMicros() + " after "
                                                       + lastMicros);
        }
        lastMicros = verdict.timeMicros();
        long now = verdict.timeMicros();
        if (activeBlockOf(verdict.client(), now).isPresent()) {
            dropped.merge(Ipv4Cidr.addressText(verdict.client()), 1L, Long::sum);
            return new Outcome(true, null, null, null, null);
        }
        IncidentBook.Placement placement = book.report(verdict, policy.incidents(), policy.severities(),
                                                       host -> activeBlockOf(host, now).isPresent());
        if (placement.incident().isEmpty()) {
            return new Outcome(false, placement, null, null, null);
        }
        Incident placed = placement.incident().get();
        Incident incident = placed;
        Alert alert = null;
        Map<Long, Alert> evidenceAlerts = alertsByIncident.computeIfAbsent(incident.id(), id -> new HashMap<>());
        long flow = verdict.flowId();
        if (incident.evidenceOf(flow).isPresent() && !evidenceAlerts.containsKey(flow)) {
            alert = new Alert(alerts.size() + 1, incident.id(), verdict, policy.severities().of(verdict.className()));
            alert.blockId = incident.blockId().filter(b -> activeBlock(b, now)).orElse(null);
            alerts.add(alert);
            evidenceAlerts.put(flow, alert);
        }
        BlockPolicy blocking = policy.blocks();
        BlockDecision decision = AutoBlock.decide(blocking, placed, new AutoBlock.SourceState() {
            @Override
            public Optional<String> activeBlock() {
                return activeBlockOf(placed.source(), now).map(Block::id);
            }

            @Override
            public int activeBlocks() {
                return (int) blocks.stream().filter(b -> b.activeAt(now)).count();
            }
        });
        if (!incident.hasDecision(decision)) {
            incident = book.change(incident.id(), i -> i.decided(decision)).orElse(incident);
        }
        Block block = null;
        if (decision.blocks()) {
            long ttl = blocking.ttlSeconds();
            long firstAlert = evidenceAlerts.values().stream().mapToLong(Alert::id).min().orElse(0);
            block = new Block(Integer.toString(blocks.size() + 1), incident.source(), incident.id(), firstAlert,
                              AutoBlock.reason(blocking, incident), now, ttl == 0 ? 0 : now + ttl * 1_000_000L);
            blocks.add(block);
            link(incident.id(), block.id);
        } else if (decision.kind() == BlockDecision.Kind.ALREADY_BLOCKED) {
            link(incident.id(), decision.existingBlockId().orElseThrow());
        }
        return new Outcome(false, placement, alert, decision, block);
    }

    private void link(long incidentId, String blockId) {
        book.change(incidentId, i -> i.blockId().equals(Optional.of(blockId)) ? i : i.blocked(blockId));
        alertsByIncident.getOrDefault(incidentId, Map.of()).values().forEach(a -> a.blockId = blockId);
    }

    private boolean activeBlock(String blockId, long micros) {
        return blocks.stream().anyMatch(b -> b.id.equals(blockId) && b.activeAt(micros));
    }

    private Optional<Block> activeBlockOf(int src, long micros) {
        return blocks.stream().filter(b -> b.src == src && b.activeAt(micros)).findFirst();
    }

    /**
     * Closes the incidents whose window has passed by then (the app's sweep does it on its clock).
     *
     * @param nowMicros the end of the replay
     */
    public void finish(long nowMicros) {
        book.closeIdle(nowMicros, policy.incidents().windowMicros());
    }

    /** @return the incidents stored, by id */
    public List<Incident> incidents() {
        return List.copyOf(book.incidents());
    }

    /**
     * @param id an incident
     * @return it, if stored
     */
    public Optional<Incident> incident(long id) {
        return book.incident(id);
    }

    /** @return the alerts raised, in order */
    public List<Alert> alerts() {
        return Collections.unmodifiableList(alerts);
    }

    /** @return the blocks made, in order */
    public List<Block> blocks() {
        return Collections.unmodifiableList(blocks);
    }

    /** @return verdicts dropped at the edge per blocked source */
    public Map<String, Long> dropped() {
        return Collections.unmodifiableMap(dropped);
    }

    /** @return the book's counters: low-confidence verdicts per class, evicted, merged and refused */
    public Map<String, Long> counters() {
        return book.counters();
    }

    public DetectionPolicy policy() {
        return policy;
    }
}
