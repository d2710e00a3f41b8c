/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reports to alerts to block decisions, in memory and in time order: what the app does to a fabric's attack reports
 * (severity by class, one alert per flow's first attack verdict, automatic blocks by {@link AutoBlock}, blocks that
 * expire after their TTL), for a replay such as {@code nids-model simulate --policy}. A source's flows that start while
 * it is blocked are dropped at its edge before they are tracked: they raise no alert.
 */
public final class Detector {

    /** A flow's first attack verdict: what the switch reports as an ALERT. */
    public static final class Verdict {
        public final long timeMicros;
        public final int flow;
        public final String clientIp;
        public final int clientPort;
        public final String serverIp;
        public final int serverPort;
        public final int protocol;
        public final int classId;
        public final String className;
        public final int leafId;
        public final long packet;

        /**
         * @param timeMicros when (switch time, µs)
         * @param flow       the flow's number in the capture
         * @param clientIp   the flow's client (dotted IPv4)
         * @param clientPort its port
         * @param serverIp   the flow's server
         * @param serverPort its port
         * @param protocol   IP protocol
         * @param classId    the class the model gave the flow (not 0)
         * @param className  its name
         * @param leafId     the leaf that decided
         * @param packet     the flow's packet at which the verdict came
         */
        public Verdict(long timeMicros, int flow, String clientIp, int clientPort, String serverIp, int serverPort,
                       int protocol, int classId, String className, int leafId, long packet) {
            this.timeMicros = timeMicros;
            this.flow = flow;
            this.clientIp = Objects.requireNonNull(clientIp, "clientIp");
            this.clientPort = clientPort;
            this.serverIp = Objects.requireNonNull(serverIp, "serverIp");
            this.serverPort = serverPort;
            this.protocol = protocol;
            this.classId = classId;
            this.className = Objects.requireNonNull(className, "className");
            this.leafId = leafId;
            this.packet = packet;
        }

        /** @return the flow as block reasons name it */
        public String describeFlow() {
            return AutoBlock.describeFlow(clientIp, clientPort, serverIp, serverPort, protocol);
        }
    }

    /** An alert raised, and what the blocking policy made of it. */
    public static final class Alert {
        public final long id;
        public final Verdict verdict;
        public final AlertSeverity severity;
        public final BlockDecision decision;
        private String blockId;

        Alert(long id, Verdict verdict, AlertSeverity severity, BlockDecision decision) {
            this.id = id;
            this.verdict = verdict;
            this.severity = severity;
            this.decision = decision;
        }

        /** @return the block that answers the alert, if any (its state is then BLOCKED, else OPEN) */
        public Optional<String> blockId() {
            return Optional.ofNullable(blockId);
        }
    }

    /** A block made by the policy. */
    public static final class Block {
        public final String id;
        public final String src;
        public final long alertId;
        public final String reason;
        public final long createdMicros;
        /** 0: never expires. */
        public final long expiresMicros;

        Block(String id, String src, long alertId, String reason, long createdMicros, long expiresMicros) {
            this.id = id;
            this.src = src;
            this.alertId = alertId;
            this.reason = reason;
            this.createdMicros = createdMicros;
            this.expiresMicros = expiresMicros;
        }

        boolean activeAt(long micros) {
            return expiresMicros == 0 || micros < expiresMicros;
        }
    }

    private final DetectionPolicy policy;
    private final List<Alert> alerts = new ArrayList<>();
    private final List<Block> blocks = new ArrayList<>();
    private final Map<String, Long> dropped = new LinkedHashMap<>();
    private long lastMicros = Long.MIN_VALUE;

    /**
     * @param policy the detection policy
     */
    public Detector(DetectionPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Takes the next verdict (in time order).
     *
     * @param verdict a flow's first attack verdict
     * @return the alert it raised; empty when the source was blocked (the flow was dropped)
     * @throws IllegalArgumentException for a verdict earlier than the previous one, or of class 0
     */
    public Optional<Alert> observe(Verdict verdict) {
        if (verdict.timeMicros < lastMicros) {
            throw new IllegalArgumentException("verdicts out of time order: " + verdict.timeMicros + " after "
                                                       + lastMicros);
        }
        if (verdict.classId == 0) {
            throw new IllegalArgumentException("class 0 is benign: it raises no alert");
        }
        lastMicros = verdict.timeMicros;
        long now = verdict.timeMicros;
        int src = Ipv4Cidr.parseAddress(verdict.clientIp);
        if (activeBlockOf(verdict.clientIp, now).isPresent()) {
            dropped.merge(verdict.clientIp, 1L, Long::sum);
            return Optional.empty();
        }
        AlertSeverity severity = policy.severities().of(verdict.className);
        BlockPolicy blocking = policy.blocks();
        long id = alerts.size() + 1;
        // The alert counts as one of its source's open alerts while the policy decides.
        Alert pending = new Alert(id, verdict, severity, null);
        alerts.add(pending);
        BlockDecision decision = AutoBlock.decide(blocking, severity, src, new AutoBlock.SourceState() {
            @Override
            public Optional<String> activeBlock() {
                return activeBlockOf(verdict.clientIp, now).map(b -> b.id);
            }

            @Override
            public long qualifyingOpenAlerts(long atMost) {
                return alerts.stream().filter(a -> a.verdict.clientIp.equals(verdict.clientIp)
                        && a.blockId == null && blocking.autoBlocks(a.severity)).limit(atMost).count();
            }

            @Override
            public int activeBlocks() {
                return (int) blocks.stream().filter(b -> b.activeAt(now)).count();
            }
        });
        Alert alert = new Alert(id, verdict, severity, decision);
        alerts.set(alerts.size() - 1, alert);
        if (decision.blocks()) {
            long ttl = blocking.ttlSeconds();
            Block block = new Block(Integer.toString(blocks.size() + 1), verdict.clientIp, id,
                                    AutoBlock.reason(true, severity, verdict.className, id, verdict.describeFlow()),
                                    now, ttl == 0 ? 0 : now + ttl * 1_000_000L);
            blocks.add(block);
            alert.blockId = block.id;
        }
        return Optional.of(alert);
    }

    private Optional<Block> activeBlockOf(String src, long micros) {
        return blocks.stream().filter(b -> b.src.equals(src) && b.activeAt(micros)).findFirst();
    }

    /** @return the alerts raised, in order */
    public List<Alert> alerts() {
        return Collections.unmodifiableList(alerts);
    }

    /** @return the blocks made, in order */
    public List<Block> blocks() {
        return Collections.unmodifiableList(blocks);
    }

    /** @return flows dropped at the edge per blocked source */
    public Map<String, Long> dropped() {
        return Collections.unmodifiableMap(dropped);
    }

    public DetectionPolicy policy() {
        return policy;
    }
}
