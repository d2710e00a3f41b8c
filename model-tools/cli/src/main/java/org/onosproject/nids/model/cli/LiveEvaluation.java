package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.flow.FlowKey;
import org.onosproject.nids.model.flow.PacketHeaders;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The figures of a detector on labelled live traffic: packets in capture order go through the detector (the
 * switch's reference and the model) and the alert policy; a source's packets are dropped while a block of it is
 * active, as at its edge switch. Ground truth is kept apart, over every packet of the capture, so a flow the block
 * kept from ever reaching the switch still counts (as covered by the block).
 *
 * <p>Per attack (labels row): its flows, how many were classified attack (an alert-level verdict) or covered by a
 * block (a packet of theirs was dropped), the time from the attack's first packet to the first alert and to the
 * first incident naming its source. For benign traffic: flows alerted, incidents naming a source that was not
 * attacking, per host-hour, and benign hosts blocked.
 */
final class LiveEvaluation {

    /**
     * The switch and its model: what they classify as an attack, confidently, at a packet (about its flow, or about
     * a flow it evicts, or the flows the app's idle sweep ends before it), and when the capture ends (a sweep of the
     * flows still live).
     */
    interface Detector {
        List<Detection> accept(PacketHeaders packet);

        List<Detection> finish(long micros);
    }

    /** A confident attack verdict about a flow; {@code reported} when it is the alert the switch sends. */
    static final class Detection {
        final long micros;
        final int protocol;
        final int client;
        final int clientPort;
        final int server;
        final int serverPort;
        final int classId;
        final String className;
        final int leafId;
        final int confidencePermille;
        /** The phase's number as reports carry it (0 the END tree, -1 unknown: an online alert). */
        final int phase;
        final boolean reported;
        /**
         * The switch's key of the flow, when the detector knows it (the offline replay); null for the app's alerts,
         * which name ICMP flows with ports 0 ({@link #key}).
         */
        final FlowKey switchKey;

        Detection(long micros, int protocol, int client, int clientPort, int server, int serverPort,
                  int classId, String className, int leafId, int confidencePermille, int phase, boolean reported) {
            this(micros, protocol, client, clientPort, server, serverPort, classId, className, leafId,
                    confidencePermille, phase, reported, null);
        }

        Detection(long micros, int protocol, int client, int clientPort, int server, int serverPort,
                  int classId, String className, int leafId, int confidencePermille, int phase, boolean reported,
                  FlowKey switchKey) {
            this.micros = micros;
            this.protocol = protocol;
            this.client = client;
            this.clientPort = clientPort;
            this.server = server;
            this.serverPort = serverPort;
            this.classId = classId;
            this.className = className;
            this.leafId = leafId;
            this.confidencePermille = confidencePermille;
            this.phase = phase;
            this.reported = reported;
            this.switchKey = switchKey;
        }

        /** The flow as reports name it (ICMP: ports 0). */
        FlowKey key() {
            return LiveEvaluation.key(protocol, client, clientPort, server, serverPort);
        }

        /** @return the phase as reports name it ("p4", "end"), "online" when unknown */
        String phaseLabel() {
            return phase < 0 ? "online" : org.onosproject.nids.model.phase.Phase.of(phase).label();
        }
    }

    /** What the alert policy decided about a detection. */
    interface Policy {
        /** Whether packets from {@code source} are dropped at {@code micros}. */
        boolean blocked(int source, long micros);

        /** Takes a detection; returns the incident it opened or joined, if it belongs to one. */
        Optional<Incident> accept(Detection detection);

        /** Blocks made so far. */
        List<Block> blocks();
    }

    static final class Incident {
        final int source;
        final String className;
        final long openedMicros;
        /** Filled by the evaluation: the alerts it holds and the ground truth of its first flow. */
        long alerts;
        Detection first;
        String firstTruth;

        Incident(int source, String className, long openedMicros) {
            this.source = source;
            this.className = className;
            this.openedMicros = openedMicros;
        }
    }

    static final class Block {
        final int source;
        final long startMicros;
        final long endMicros;
        final String reason;

        Block(int source, long startMicros, long endMicros, String reason) {
            this.source = source;
            this.startMicros = startMicros;
            this.endMicros = endMicros;
            this.reason = reason;
        }

        /** Whether one of {@code blocks} drops {@code source}'s packets at {@code micros}. */
        static boolean any(List<Block> blocks, int source, long micros) {
            for (Block block : blocks) {
                if (block.source == source && micros >= block.startMicros && micros < block.endMicros) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Ground truth and outcome of one flow. */
    static final class FlowRecord {
        final int client;
        final long firstMicros;
        final AttackWindows.Window window;
        final boolean aftermath;
        long lastMicros;
        long packets;
        boolean alerted;
        boolean covered;
        String alertClass;
        Detection firstDetection;
        int maxConfidencePermille;
        final FlowKey key;
        int clientFlags;
        int serverFlags;
        boolean reset;

        FlowRecord(FlowKey key, int client, long firstMicros, AttackWindows.Window window, AttackWindows windows) {
            this.key = key;
            this.client = client;
            this.firstMicros = firstMicros;
            this.window = window;
            this.aftermath = window == null && windows.inAftermath(client, firstMicros);
            this.lastMicros = firstMicros;
        }

        /** A TCP conversation that was reset or closed both ways: a bare SYN on its 5-tuple is a new one. */
        boolean ended() {
            return reset || (clientFlags & serverFlags & TCP_FIN) != 0;
        }
    }

    /** The outcome of one attack (labels row). */
    static final class AttackOutcome {
        final AttackWindows.Window window;
        long flows;
        long alerted;
        long covered;
        long detected;
        long firstPacketMicros = Long.MAX_VALUE;
        long firstAlertMicros = Long.MAX_VALUE;
        long firstIncidentMicros = Long.MAX_VALUE;
        boolean blockedBefore;
        final Map<String, Long> alertClasses = new TreeMap<>();

        AttackOutcome(AttackWindows.Window window) {
            this.window = window;
        }

        double detectedShare() {
            return flows == 0 ? 0 : (double) detected / flows;
        }

        /**
         * Of the flows alerted, the share whose class names the attack's family (a binary model names none: its
         * class is "Attack"); -1 when none was alerted.
         */
        double namedShare() {
            long alertedFlows = alertClasses.values().stream().mapToLong(Long::longValue).sum();
            return alertedFlows == 0 ? -1 : (double) alertClasses.getOrDefault(window.family(), 0L) / alertedFlows;
        }

        /** Seconds from the attack's first packet to the first alert naming its source; -1 if none. */
        double secondsToAlert() {
            return seconds(firstAlertMicros);
        }

        double secondsToIncident() {
            return seconds(firstIncidentMicros);
        }

        private double seconds(long micros) {
            if (micros == Long.MAX_VALUE || firstPacketMicros == Long.MAX_VALUE) {
                return -1;
            }
            return Math.max(0, micros - firstPacketMicros) / 1e6;
        }
    }

    /** Benign traffic: flows, alerts, incidents and blocks of sources that were not attacking. */
    static final class BenignOutcome {
        long flows;
        long alerted;
        long falseIncidents;
        double hostHours;
        final Map<Integer, Long> alertedBySource = new TreeMap<>();
        final Map<Integer, Long> incidentsBySource = new TreeMap<>();
        final List<Block> hostsBlocked = new ArrayList<>();
        final Map<String, Long> alertedByClass = new TreeMap<>();
        static final int EXAMPLES = 40;
        final List<FlowRecord> examples = new ArrayList<>();

        double alertedShare() {
            return flows == 0 ? 0 : (double) alerted / flows;
        }

        double falseIncidentsPerHostHour() {
            return hostHours == 0 ? 0 : falseIncidents / hostHours;
        }
    }

    /** A 5-tuple silent this long starts a new flow in the ground truth (not in the switch). */
    static final long IDLE_SPLIT_MICROS = 30_000_000L;
    private static final int TCP_FIN = 0x01;
    private static final int TCP_SYN = 0x02;
    private static final int TCP_RST = 0x04;
    private static final int TCP_ACK = 0x10;

    private final AttackWindows windows;
    private final Detector detector;
    private final List<FlowRecord> finished = new ArrayList<>();
    private final Policy policy;
    private final Map<FlowKey, FlowRecord> flows = new LinkedHashMap<>();
    /** The latest flow started under each reported key (ICMP: ports 0), for detections that name flows so. */
    private final Map<FlowKey, FlowRecord> latestByReportedKey = new HashMap<>();
    private final Set<Incident> incidentsSeen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private final List<long[]> incidentAlerts = new ArrayList<>();
    private final Map<Integer, Long> alertsBySource = new HashMap<>();
    private final Map<Integer, Long> firstAlertBySource = new HashMap<>();
    private final List<Incident> incidents = new ArrayList<>();
    private final List<Detection> detections = new ArrayList<>();
    private long firstMicros = Long.MAX_VALUE;
    private long lastMicros = Long.MIN_VALUE;
    private long packets;
    private long dropped;
    private long frames;

    LiveEvaluation(AttackWindows windows, Detector detector, Policy policy) {
        this.windows = windows;
        this.detector = detector;
        this.policy = policy;
    }

    /** One packet of the capture, in capture order. */
    void accept(PacketHeaders packet) {
        packets++;
        long now = packet.timestampMicros();
        firstMicros = Math.min(firstMicros, now);
        lastMicros = Math.max(lastMicros, now);
        // Ground truth by the switch's key (an ICMP query's identifier as its ports): two pings of one host pair
        // are two flows, here as on the switch. The app's alerts name ICMP flows with ports 0: those find the
        // latest flow started under that name (latestByReportedKey).
        FlowKey key = FlowKey.of(packet);
        FlowRecord flow = flows.get(key);
        int flags = packet.protocol() == PacketHeaders.TCP ? packet.tcpFlags() : 0;
        boolean bareSyn = (flags & (TCP_SYN | TCP_ACK)) == TCP_SYN;
        AttackWindows.Window window = windows.windowOf(packet.sourceAddress(), now).orElse(null);
        if (flow == null || (bareSyn && flow.ended()) || now - flow.lastMicros > IDLE_SPLIT_MICROS
                || (packet.protocol() != PacketHeaders.TCP && packet.sourceAddress() == flow.client
                && window != flow.window)) {
            // A new conversation, or the same 5-tuple again after the last one ended (a new connection), after a
            // long silence, or, without TCP's connections, once its client starts or stops attacking on the same
            // key (a UDP tool reusing a 5-tuple). Only the client's own packets split a flow: a host that answers
            // a benign client's ping while it attacks someone else sends replies, not an attack flow.
            if (flow != null) {
                finished.add(flow);
            }
            flow = new FlowRecord(key, packet.sourceAddress(), now, window, windows);
            flows.put(key, flow);
            latestByReportedKey.put(FlowKey.reported(packet), flow);
        }
        flow.lastMicros = now;
        flow.packets++;
        if (packet.sourceAddress() == flow.client) {
            flow.clientFlags |= flags;
        } else {
            flow.serverFlags |= flags;
        }
        flow.reset |= (flags & TCP_RST) != 0;
        if (policy.blocked(packet.sourceAddress(), now) || policy.blocked(flow.client, now)) {
            // Dropped at the source's edge before the switch tracks it: the flow gets no further. Replies to a
            // blocked client are dropped too: the capture holds them because the attack was not blocked when it
            // was recorded, but its requests never reach the server once it is.
            dropped++;
            flow.covered = true;
            return;
        }
        detector.accept(packet).forEach(this::take);
    }

    /** The end of the capture: the detector's last verdicts (flows still live). */
    void finish() {
        if (packets > 0) {
            detector.finish(lastMicros + 1).forEach(this::take);
        }
    }

    private void take(Detection d) {
        FlowRecord flow = d.switchKey != null ? flows.get(d.switchKey) : latestByReportedKey.get(d.key());
        if (flow != null) {
            flow.maxConfidencePermille = Math.max(flow.maxConfidencePermille, d.confidencePermille);
        }
        if (flow != null && !flow.alerted) {
            flow.alerted = true;
            flow.alertClass = d.className;
            flow.firstDetection = d;
        }
        if (!d.reported) {
            return;
        }
        detections.add(d);
        alertsBySource.merge(d.client, 1L, Long::sum);
        firstAlertBySource.putIfAbsent(d.client, d.micros);
        policy.accept(d).ifPresent(incident -> {
            if (incidentsSeen.add(incident)) {
                incidents.add(incident);
                incident.first = d;
                incident.firstTruth = flow == null ? "no flow" : flow.window != null ? flow.window.family()
                        : flow.aftermath ? "aftermath" : flow.client != d.client ? "benign, client " + address(
                        flow.client) : "benign";
            }
            incident.alerts++;
            incidentAlerts.add(new long[]{incident.source, d.micros});
        });
    }

    /** The canonical key of a flow given by its client and server ends. */
    static FlowKey key(int protocol, int client, int clientPort, int server, int serverPort) {
        switch (protocol) {
            case PacketHeaders.TCP:
                return FlowKey.reported(PacketHeaders.tcp(0, client, server, clientPort, serverPort, 0, 0, 0, 0));
            case PacketHeaders.UDP:
                return FlowKey.reported(PacketHeaders.udp(0, client, server, clientPort, serverPort, 0, 0));
            default:
                return FlowKey.reported(PacketHeaders.icmp(0, client, server, 0, 0, 0, 0));
        }
    }

    long packets() {
        return packets;
    }

    /** Frames of the capture, decodable or not (set by the reader). */
    void setFrames(long frames) {
        this.frames = frames;
    }

    long frames() {
        return frames;
    }

    long dropped() {
        return dropped;
    }

    long flowCount() {
        return flows.size() + finished.size();
    }

    /** Every flow of the ground truth, in order of their end or the capture's. */
    List<FlowRecord> flowRecords() {
        return allFlows();
    }

    private List<FlowRecord> allFlows() {
        List<FlowRecord> all = new ArrayList<>(finished);
        all.addAll(flows.values());
        return all;
    }

    double captureSeconds() {
        return packets == 0 ? 0 : (lastMicros - firstMicros) / 1e6;
    }

    List<Incident> incidents() {
        return incidents;
    }

    List<Block> blocks() {
        return policy.blocks();
    }

    /** Per attack, in labels order. */
    List<AttackOutcome> attacks() {
        Map<AttackWindows.Window, AttackOutcome> outcomes = new LinkedHashMap<>();
        for (AttackWindows.Window w : windows.windows()) {
            outcomes.put(w, new AttackOutcome(w));
        }
        for (FlowRecord flow : allFlows()) {
            if (flow.window == null) {
                continue;
            }
            AttackOutcome outcome = outcomes.get(flow.window);
            outcome.flows++;
            outcome.firstPacketMicros = Math.min(outcome.firstPacketMicros, flow.firstMicros);
            if (flow.alerted) {
                outcome.alerted++;
                outcome.alertClasses.merge(flow.alertClass, 1L, Long::sum);
            }
            if (flow.covered) {
                outcome.covered++;
            }
            if (flow.alerted || flow.covered) {
                outcome.detected++;
            }
        }
        for (AttackOutcome outcome : outcomes.values()) {
            AttackWindows.Window w = outcome.window;
            long from = outcome.firstPacketMicros == Long.MAX_VALUE ? w.startMicros() : outcome.firstPacketMicros;
            outcome.blockedBefore = policy.blocked(w.source(), from);
            for (Detection d : detections) {
                if (d.client == w.source() && d.micros >= from && d.micros <= w.endMicros()) {
                    outcome.firstAlertMicros = Math.min(outcome.firstAlertMicros, d.micros);
                    break;
                }
            }
            for (long[] alert : incidentAlerts) {
                // An incident naming the source, opened by this attack's flows or already open and joined by them.
                if ((int) alert[0] == w.source() && alert[1] >= from && alert[1] <= w.endMicros()) {
                    outcome.firstIncidentMicros = Math.min(outcome.firstIncidentMicros, alert[1]);
                    break;
                }
            }
            if (outcome.blockedBefore) {
                // Blocked by an earlier attack's detection: nothing of this one reaches the fabric.
                outcome.firstAlertMicros = Math.min(outcome.firstAlertMicros, from);
                outcome.firstIncidentMicros = Math.min(outcome.firstIncidentMicros, from);
            }
        }
        return new ArrayList<>(outcomes.values());
    }

    BenignOutcome benign() {
        BenignOutcome benign = new BenignOutcome();
        java.util.Set<Integer> benignSources = new java.util.TreeSet<>();
        for (FlowRecord flow : allFlows()) {
            if (flow.window != null || flow.aftermath) {
                continue;
            }
            benign.flows++;
            benignSources.add(flow.client);
            if (flow.alerted) {
                benign.alerted++;
                benign.alertedBySource.merge(flow.client, 1L, Long::sum);
                benign.alertedByClass.merge(flow.alertClass, 1L, Long::sum);
                if (benign.examples.size() < BenignOutcome.EXAMPLES) {
                    benign.examples.add(flow);
                }
            }
        }
        for (Incident incident : incidents) {
            if (windows.windowOf(incident.source, incident.openedMicros).isEmpty()
                    && !windows.inAftermath(incident.source, incident.openedMicros)) {
                benign.falseIncidents++;
                benign.incidentsBySource.merge(incident.source, 1L, Long::sum);
            }
        }
        for (Block block : policy.blocks()) {
            if (!windows.sources().contains(block.source)) {
                benign.hostsBlocked.add(block);
            }
        }
        benign.hostHours = benignSources.size() * captureSeconds() / 3600.0;
        return benign;
    }

    /** Text of an address, for reports. */
    static String address(int address) {
        return PacketHeaders.addressText(address);
    }
}
