/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An attack seen from one source: the confident verdicts of one family (docs/alerts.md) from one client address,
 * each less than the incident window after the previous one. Holds first and last seen, the distinct flows, the
 * destinations and ports they touched, the peak confidence, the first flows' verdicts as evidence (with their
 * decision paths), the switches that reported, where the source was seen ({@link LocationStatus}), its state, and the
 * last automatic-blocking decision about it.
 *
 * <p>Immutable, and bounded whatever the attack's size: destinations and ports are counted exactly up to
 * {@value #MAX_DESTINATIONS} and {@value #MAX_PORTS} (then shown as "at least"), flows are told apart by the last
 * {@value #RECENT_FLOWS} distinct flows seen (a flow reported again after that many others counts again), and the
 * first-verdict times of the last {@value #FLOW_TIMES} flows are kept for the auto-block window. Plain fields and
 * arrays, so ONOS's Kryo serializer stores it as it is.
 */
public final class Incident {

    public static final int MAX_DESTINATIONS = 256;
    public static final int MAX_PORTS = 1024;
    public static final int RECENT_FLOWS = 256;
    /** First-verdict times kept: the largest flow threshold of the auto-block rule. */
    public static final int FLOW_TIMES = BlockPolicy.MAX_MIN_FLOWS;
    public static final int MAX_CLASSES = 8;
    public static final int MAX_DEVICES = 8;

    private final long id;
    private final int source;
    private final AttackFamily family;
    private final String familyName;
    private final IncidentState state;
    private final AlertSeverity severity;
    private final String[] classNames;
    private final String modelId;
    private final long firstSeenMicros;
    private final long lastSeenMicros;
    private final long flows;
    private final long reports;
    private final long mergedReports;
    private final int[] destinations;
    private final boolean destinationsCapped;
    private final int[] ports;
    private final boolean portsCapped;
    private final long[] recentFlows;
    private final long[] flowTimes;
    private final int peakConfidencePermille;
    private final Evidence[] evidence;
    private final String[] devices;
    private final LocationStatus location;
    private final String locationDetail;
    private final boolean spoofedSource;
    private final String blockId;
    private final BlockDecision.Kind decision;
    private final String decisionReason;

    private Incident(Builder b) {
        this.id = b.id;
        this.source = b.source;
        this.family = Objects.requireNonNull(b.family, "family");
        this.familyName = Objects.requireNonNull(b.familyName, "familyName");
        this.state = Objects.requireNonNull(b.state, "state");
        this.severity = Objects.requireNonNull(b.severity, "severity");
        this.classNames = b.classNames;
        this.modelId = b.modelId;
        this.firstSeenMicros = b.firstSeenMicros;
        this.lastSeenMicros = b.lastSeenMicros;
        this.flows = b.flows;
        this.reports = b.reports;
        this.mergedReports = b.mergedReports;
        this.destinations = b.destinations;
        this.destinationsCapped = b.destinationsCapped;
        this.ports = b.ports;
        this.portsCapped = b.portsCapped;
        this.recentFlows = b.recentFlows;
        this.flowTimes = b.flowTimes;
        this.peakConfidencePermille = b.peakConfidencePermille;
        this.evidence = b.evidence;
        this.devices = b.devices;
        this.location = Objects.requireNonNull(b.location, "location");
        this.locationDetail = b.locationDetail;
        this.spoofedSource = b.spoofedSource;
        this.blockId = b.blockId;
        this.decision = b.decision;
        this.decisionReason = b.decisionReason;
    }

    /**
     * The incident a verdict opens.
     *
     * @param id            its id
     * @param verdict       the first verdict (confident)
     * @param family        the verdict's class's family
     * @param familyName    the incident's family name ({@link FamilyPolicy#incidentFamily})
     * @param severity      the class's severity
     * @param evidenceFlows how many first flows to keep as evidence (≥ 1)
     * @return the incident, OPEN
     */
    public static Incident open(long id, FlowVerdict verdict, AttackFamily family, String familyName,
                                AlertSeverity severity, int evidenceFlows) {
        return open(id, verdict, family, familyName, severity, evidenceFlows,
                    verdict.location() == LocationCheck.MISMATCH);
    }

    /**
     * The incident a verdict opens, under a key spoofed or not ({@link IncidentKey#spoofed}).
     *
     * @param id            its id
     * @param verdict       the first verdict (confident)
     * @param family        the verdict's class's family
     * @param familyName    the incident's family name ({@link FamilyPolicy#incidentFamily})
     * @param severity      the class's severity
     * @param evidenceFlows how many first flows to keep as evidence (≥ 1)
     * @param spoofedSource whether it takes the flows sent with the source's address from where the network does not
     *                      locate it
     * @return the incident, OPEN
     */
    public static Incident open(long id, FlowVerdict verdict, AttackFamily family, String familyName,
                                AlertSeverity severity, int evidenceFlows, boolean spoofedSource) {
        Builder b = new Builder();
        b.spoofedSource = spoofedSource;
        b.id = id;
        b.source = verdict.client();
        b.family = family;
        b.familyName = familyName;
        b.state = IncidentState.OPEN;
        b.severity = severity;
        b.classNames = new String[0];
        b.modelId = verdict.modelId();
        b.firstSeenMicros = verdict.timeMicros();
        b.lastSeenMicros = verdict.timeMicros();
        b.destinations = new int[0];
        b.ports = new int[0];
        b.recentFlows = new long[0];
        b.flowTimes = new long[0];
        b.peakConfidencePermille = FlowVerdict.UNKNOWN_CONFIDENCE;
        b.evidence = new Evidence[0];
        b.devices = new String[0];
        b.location = LocationStatus.of(verdict.location());
        b.locationDetail = verdict.locationDetail();
        return b.add(verdict, severity, evidenceFlows, false).build();
    }

    /**
     * Adds a verdict of the incident's source and family.
     *
     * @param verdict       the verdict (confident; any time: an out-of-order one only widens first/last seen)
     * @param severity      its class's severity
     * @param evidenceFlows how many first flows to keep as evidence
     * @return the incident with it; the state stays
     */
    public Incident fold(FlowVerdict verdict, AlertSeverity severity, int evidenceFlows) {
        return toBuilder().add(verdict, severity, evidenceFlows, false).build();
    }

    /**
     * Whether a report of a flow this incident holds would change only its activity (reports, last seen, the location
     * detail shown): its switch, class, model, severity, confidence and location status are shown already. Those only
     * grow (the model: the latest wins), so a copy of the incident a little behind the store answers as the store.
     *
     * @param verdict       a report of one of its flows
     * @param classSeverity its class's severity
     * @return false for a flow it does not hold, or a report that adds something it shows
     */
    public boolean showsAlready(FlowVerdict verdict, AlertSeverity classSeverity) {
        if (!knowsFlow(verdict.flowId())) {
            return false;
        }
        Incident after = fold(verdict, classSeverity, evidence.length);
        return Arrays.equals(devices, after.devices) && Arrays.equals(classNames, after.classNames)
                && Objects.equals(modelId, after.modelId) && severity == after.severity
                && peakConfidencePermille == after.peakConfidencePermille && location == after.location;
    }

    /**
     * Adds a verdict of another family of the same source, because the store was full of open incidents: the
     * verdict counts here (flows, destinations, ports, its class named) and as merged.
     *
     * @param verdict       the verdict
     * @param severity      its class's severity
     * @param evidenceFlows how many first flows to keep as evidence
     * @return the incident with it
     */
    public Incident merge(FlowVerdict verdict, AlertSeverity severity, int evidenceFlows) {
        return toBuilder().add(verdict, severity, evidenceFlows, true).build();
    }

    public long id() {
        return id;
    }

    /** @return the source, IPv4 as an int */
    public int source() {
        return source;
    }

    /** @return the source, dotted */
    public String sourceText() {
        return Ipv4Cidr.addressText(source);
    }

    public AttackFamily family() {
        return family;
    }

    /** @return the family's name: its label ("Scan", …), or the class name for {@link AttackFamily#OTHER} */
    public String familyName() {
        return familyName;
    }

    /** @return the key of the incidents of this source and family */
    public IncidentKey key() {
        return new IncidentKey(source, familyName, spoofedSource);
    }

    /**
     * @return whether it takes the flows sent with its source's address from an edge port where the network does not
     *         locate the address (then its location is MISMATCH), kept apart from the address owner's own incidents
     */
    public boolean spoofedSource() {
        return spoofedSource;
    }

    /** @return the stored state (see {@link #stateAt} for the state a clock sees) */
    public IncidentState state() {
        return state;
    }

    /**
     * @param nowMicros    the clock
     * @param windowMicros the incident window
     * @return CLOSED once the window has passed since the last verdict, else the stored state
     */
    public IncidentState stateAt(long nowMicros, long windowMicros) {
        return state == IncidentState.CLOSED || nowMicros - lastSeenMicros >= windowMicros ? IncidentState.CLOSED
                : state;
    }

    /**
     * @param timeMicros   a verdict's time
     * @param windowMicros the incident window
     * @return whether a verdict of this source and family at that time joins this incident
     */
    public boolean takes(long timeMicros, long windowMicros) {
        return state != IncidentState.CLOSED && timeMicros - lastSeenMicros < windowMicros;
    }

    /** @return the highest severity of its classes */
    public AlertSeverity severity() {
        return severity;
    }

    /** @return the classes seen, in the order first seen (at most {@value #MAX_CLASSES}) */
    public List<String> classNames() {
        return List.of(classNames);
    }

    /** @return the model of the latest verdict, if known */
    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    public long firstSeenMicros() {
        return firstSeenMicros;
    }

    public long lastSeenMicros() {
        return lastSeenMicros;
    }

    /** @return distinct flows (see the class comment for how they are told apart) */
    public long flows() {
        return flows;
    }

    /** @return verdicts folded in (several per flow: phases, switches, repeated reports) */
    public long reports() {
        return reports;
    }

    /** @return verdicts of other families merged in because the store was full */
    public long mergedReports() {
        return mergedReports;
    }

    /** @return distinct destination hosts, exactly up to {@value #MAX_DESTINATIONS} */
    public int destinationCount() {
        return destinations.length;
    }

    /** @return whether there were more destinations than counted */
    public boolean destinationsCapped() {
        return destinationsCapped;
    }

    /** @return the destinations counted, ascending (IPv4 as ints) */
    public int[] destinations() {
        return destinations.clone();
    }

    /** @return distinct TCP/UDP destination ports, exactly up to {@value #MAX_PORTS} */
    public int portCount() {
        return ports.length;
    }

    public boolean portsCapped() {
        return portsCapped;
    }

    /** @return the ports counted, ascending */
    public int[] ports() {
        return ports.clone();
    }

    /** @return the highest confidence of its verdicts in permille, -1 when no verdict carried one */
    public int peakConfidencePermille() {
        return peakConfidencePermille;
    }

    /** @return the first flows' first verdicts, in the order they came */
    public List<Evidence> evidence() {
        return Collections.unmodifiableList(Arrays.asList(evidence));
    }

    /**
     * @param flowId a flow ({@link FlowVerdict#flowId()})
     * @return its evidence, if the flow is one of the incident's evidence flows
     */
    public Optional<Evidence> evidenceOf(long flowId) {
        for (Evidence e : evidence) {
            if (e.flowId() == flowId) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** @return whether the flow is among the last {@value #RECENT_FLOWS} distinct flows seen */
    public boolean knowsFlow(long flowId) {
        return indexOf(recentFlows, flowId) >= 0;
    }

    /**
     * @param windowMicros how far back from the last verdict
     * @return distinct flows whose first verdict came within the window before the last verdict (at most
     *         {@value #FLOW_TIMES})
     */
    public int flowsWithin(long windowMicros) {
        int count = 0;
        for (long time : flowTimes) {
            if (lastSeenMicros - time < windowMicros) {
                count++;
            }
        }
        return count;
    }

    /** @return the switches that reported it, in the order they first did (at most {@value #MAX_DEVICES}) */
    public List<String> devices() {
        return List.of(devices);
    }

    public LocationStatus location() {
        return location;
    }

    /** @return what the location check saw (the first mismatch for MISMATCH), null when unchecked */
    public String locationDetail() {
        return locationDetail;
    }

    /** @return the block that answers it, if any */
    public Optional<String> blockId() {
        return Optional.ofNullable(blockId);
    }

    /** @return the last automatic-blocking decision about it, if one was made */
    public Optional<BlockDecision.Kind> decision() {
        return Optional.ofNullable(decision);
    }

    /** @return why, in words (null before a decision) */
    public String decisionReason() {
        return decisionReason;
    }

    // ---- transitions ------------------------------------------------------------------------------------------

    /** @return OPEN becomes ACKNOWLEDGED; any other state stays */
    public Incident acknowledged() {
        return state != IncidentState.OPEN ? this : toBuilder().state(IncidentState.ACKNOWLEDGED).build();
    }

    /**
     * @param block the block that stops the source
     * @return BLOCKED by it (a closed incident stays closed, with the block)
     */
    public Incident blocked(String block) {
        Builder b = toBuilder();
        b.blockId = Objects.requireNonNull(block, "block");
        if (state != IncidentState.CLOSED) {
            b.state = IncidentState.BLOCKED;
        }
        return b.build();
    }

    /** @return CLOSED */
    public Incident closed() {
        return state == IncidentState.CLOSED ? this : toBuilder().state(IncidentState.CLOSED).build();
    }

    /**
     * @param made a decision of the auto-block rule
     * @return whether it is the one recorded (kind and reason): recording it again would change nothing
     */
    public boolean hasDecision(BlockDecision made) {
        return decision == made.kind() && Objects.equals(decisionReason, made.reason());
    }

    /**
     * @param made the decision the auto-block rule made about it
     * @return with the decision recorded
     */
    public Incident decided(BlockDecision made) {
        Builder b = toBuilder();
        b.decision = made.kind();
        b.decisionReason = made.reason();
        return b.build();
    }

    /** @return e.g. {@code Scan from 10.0.0.3: 150 flows, 150 ports on 1 host} */
    public String describe() {
        return familyName + " from " + sourceText() + ": " + flows + " flow" + (flows == 1 ? "" : "s") + ", "
                + portCount() + (portsCapped ? "+" : "") + " port" + (portCount() == 1 ? "" : "s") + " on "
                + destinationCount() + (destinationsCapped ? "+" : "") + " host"
                + (destinationCount() == 1 ? "" : "s");
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.id = id;
        b.source = source;
        b.family = family;
        b.familyName = familyName;
        b.state = state;
        b.severity = severity;
        b.classNames = classNames;
        b.modelId = modelId;
        b.firstSeenMicros = firstSeenMicros;
        b.lastSeenMicros = lastSeenMicros;
        b.flows = flows;
        b.reports = reports;
        b.mergedReports = mergedReports;
        b.destinations = destinations;
        b.destinationsCapped = destinationsCapped;
        b.ports = ports;
        b.portsCapped = portsCapped;
        b.recentFlows = recentFlows;
        b.flowTimes = flowTimes;
        b.peakConfidencePermille = peakConfidencePermille;
        b.evidence = evidence;
        b.devices = devices;
        b.location = location;
        b.locationDetail = locationDetail;
        b.spoofedSource = spoofedSource;
        b.blockId = blockId;
        b.decision = decision;
        b.decisionReason = decisionReason;
        return b;
    }

    private static int indexOf(long[] values, long value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /** The incident's fields while a change is made; arrays are replaced, never written in place. */
    private static final class Builder {
        private long id;
        private int source;
        private AttackFamily family;
        private String familyName;
        private IncidentState state;
        private AlertSeverity severity;
        private String[] classNames;
        private String modelId;
        private long firstSeenMicros;
        private long lastSeenMicros;
        private long flows;
        private long reports;
        private long mergedReports;
        private int[] destinations;
        private boolean destinationsCapped;
        private int[] ports;
        private boolean portsCapped;
        private long[] recentFlows;
        private long[] flowTimes;
        private int peakConfidencePermille;
        private Evidence[] evidence;
        private String[] devices;
        private LocationStatus location;
        private String locationDetail;
        private boolean spoofedSource;
        private String blockId;
        private BlockDecision.Kind decision;
        private String decisionReason;

        Builder state(IncidentState value) {
            state = value;
            return this;
        }

        Builder add(FlowVerdict v, AlertSeverity classSeverity, int evidenceFlows, boolean merged) {
            reports++;
            if (merged) {
                mergedReports++;
            }
            firstSeenMicros = Math.min(firstSeenMicros, v.timeMicros());
            lastSeenMicros = Math.max(lastSeenMicros, v.timeMicros());
            if (classSeverity.compareTo(severity) > 0) {
                severity = classSeverity;
            }
            classNames = withString(classNames, v.className(), MAX_CLASSES);
            if (v.modelId() != null) {
                modelId = v.modelId();
            }
            if (v.device() != null) {
                devices = withString(devices, v.device(), MAX_DEVICES);
            }
            peakConfidencePermille = Math.max(peakConfidencePermille, v.confidencePermille());
            LocationStatus before = location;
            location = location.with(v.location());
            if (v.locationDetail() != null && (location != before || location != LocationStatus.MISMATCH)) {
                // A mismatch keeps the report that showed it; otherwise the latest check is the one to show.
                locationDetail = v.locationDetail();
            }
            long flow = v.flowId();
            int known = indexOf(recentFlows, flow);
            if (known >= 0) {
                recentFlows = moveToEnd(recentFlows, known);
                return this;
            }
            flows++;
            recentFlows = appendBounded(recentFlows, flow, RECENT_FLOWS);
            flowTimes = appendBounded(flowTimes, v.timeMicros(), FLOW_TIMES);
            addDestination(v.server());
            if (v.protocol() == 6 || v.protocol() == 17) {
                addPort(v.serverPort());
            }
            if (evidence.length < evidenceFlows) {
                Evidence[] more = Arrays.copyOf(evidence, evidence.length + 1);
                more[evidence.length] = new Evidence(v);
                evidence = more;
            }
            return this;
        }

        private void addDestination(int server) {
            int at = Arrays.binarySearch(destinations, server);
            if (at < 0) {
                if (destinations.length >= MAX_DESTINATIONS) {
                    destinationsCapped = true;
                } else {
                    destinations = insert(destinations, -at - 1, server);
                }
            }
        }

        private void addPort(int port) {
            int at = Arrays.binarySearch(ports, port);
            if (at < 0) {
                if (ports.length >= MAX_PORTS) {
                    portsCapped = true;
                } else {
                    ports = insert(ports, -at - 1, port);
                }
            }
        }

        private static int[] insert(int[] values, int at, int value) {
            int[] more = new int[values.length + 1];
            System.arraycopy(values, 0, more, 0, at);
            more[at] = value;
            System.arraycopy(values, at, more, at + 1, values.length - at);
            return more;
        }

        private static long[] appendBounded(long[] values, long value, int max) {
            int keep = Math.min(values.length, max - 1);
            long[] more = new long[keep + 1];
            System.arraycopy(values, values.length - keep, more, 0, keep);
            more[keep] = value;
            return more;
        }

        private static long[] moveToEnd(long[] values, int at) {
            if (at == values.length - 1) {
                return values;
            }
            long[] moved = new long[values.length];
            System.arraycopy(values, 0, moved, 0, at);
            System.arraycopy(values, at + 1, moved, at, values.length - at - 1);
            moved[values.length - 1] = values[at];
            return moved;
        }

        private static String[] withString(String[] values, String value, int max) {
            for (String present : values) {
                if (present.equals(value)) {
                    return values;
                }
            }
            if (values.length >= max) {
                return values;
            }
            String[] more = Arrays.copyOf(values, values.length + 1);
            more[values.length] = value;
            return more;
        }

        Incident build() {
            return new Incident(this);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Incident)) {
            return false;
        }
        Incident that = (Incident) o;
        return id == that.id && source == that.source && firstSeenMicros == that.firstSeenMicros
                && lastSeenMicros == that.lastSeenMicros && flows == that.flows && reports == that.reports
                && mergedReports == that.mergedReports && destinationsCapped == that.destinationsCapped
                && portsCapped == that.portsCapped && peakConfidencePermille == that.peakConfidencePermille
                && family == that.family && familyName.equals(that.familyName) && state == that.state
                && severity == that.severity && Arrays.equals(classNames, that.classNames)
                && Objects.equals(modelId, that.modelId) && Arrays.equals(destinations, that.destinations)
                && Arrays.equals(ports, that.ports) && Arrays.equals(recentFlows, that.recentFlows)
                && Arrays.equals(flowTimes, that.flowTimes) && Arrays.equals(evidence, that.evidence)
                && Arrays.equals(devices, that.devices) && location == that.location
                && Objects.equals(locationDetail, that.locationDetail) && Objects.equals(blockId, that.blockId)
                && decision == that.decision && Objects.equals(decisionReason, that.decisionReason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, source, familyName, state, lastSeenMicros, reports, blockId, decision);
    }

    @Override
    public String toString() {
        return "incident " + id + " " + state + " " + severity + " " + describe();
    }
}
