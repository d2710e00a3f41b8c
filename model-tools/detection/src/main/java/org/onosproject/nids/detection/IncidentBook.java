/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Collection;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Verdicts into incidents over some storage: the one rule the app's distributed store and the offline replays
 * ({@link IncidentTracker}) share. A verdict below the confidence floor is only counted; otherwise it joins the
 * incident of its source and family that is still within the window, or opens a new one. Flows sent with the
 * source's address from an edge port where the network does not locate it ({@link LocationCheck#MISMATCH}) have
 * incidents of their own ({@link IncidentKey#spoofed}): a spoofer's flows neither get the address's owner blocked nor
 * absorb the owner's own attack into an incident that may never be blocked. A transit switch's report
 * ({@link LocationCheck#NEUTRAL}) only adds to a flow an incident already holds from the flow's edge switch: it says
 * nothing about who sent the flow, so it never opens an incident nor counts as a flow of one (counted as
 * {@value #TRANSIT} otherwise); a transit report that adds nothing the incident shows (its switch, class and
 * confidence are there: a flow across the fabric is reported by the switches at both its ends, the second's report
 * of each later flow only repeats) is counted as {@value #TRANSIT_REPEAT} and writes nothing. The book is bounded: to
 * open an incident in a full book it evicts one that is closed (or idle past the window), else the oldest
 * acknowledged, else the oldest blocked; an open incident is never evicted. When every incident is open, the verdict
 * is merged into its source's latest open incident (counted as merged), or refused (counted) if the source has none.
 * A verdict on a flow towards a host that is blocked now is only counted ({@value #TO_BLOCKED_HOST}): the block
 * drops what that host sends, so every flow towards it goes unanswered and looks like a probe of a closed port or a
 * dead host (a benign client's health check of a blocked server was classified as a scan and got the client blocked
 * in a lab replay); what the client sends to other hosts still counts.
 * Counters: {@value #LOW_CONFIDENCE}{@code <class>}, {@value #TRANSIT}, {@value #TRANSIT_REPEAT},
 * {@value #TO_BLOCKED_HOST},
 * {@value #EVICTED}, {@value #MERGED}, {@value #REFUSED}.
 */
public abstract class IncidentBook {

    public static final String LOW_CONFIDENCE = "lowConfidence:";
    public static final String TRANSIT = "transitOnly";
    public static final String TRANSIT_REPEAT = "transitRepeat";
    public static final String TO_BLOCKED_HOST = "toBlockedHost";
    public static final String EVICTED = "evicted";
    public static final String MERGED = "merged";
    public static final String REFUSED = "refused";

    /** For {@link #report}: no host is blocked (a replay without blocks). */
    public static final IntPredicate NO_HOST_BLOCKED = host -> false;

    /** What became of a verdict. */
    public static final class Placement {

        /** The outcomes. */
        public enum Kind {
            /** Below the confidence floor: counted per class, no incident. */
            LOW_CONFIDENCE,
            /** A transit switch's report of a flow no incident holds (yet): counted, no incident. */
            TRANSIT,
            /** A transit switch's report that adds nothing to the incident holding its flow: counted, no write. */
            TRANSIT_REPEAT,
            /** A flow towards a host blocked now (which cannot answer): counted, no incident. */
            TO_BLOCKED_HOST,
            /** Opened a new incident. */
            OPENED,
            /** Joined its source and family's incident. */
            JOINED,
            /** The book was full of open incidents: merged into its source's latest one. */
            MERGED,
            /** The book was full of open incidents and its source had none: counted, nothing stored. */
            REFUSED
        }

        private final Kind kind;
        private final Incident incident;
        private final Incident evicted;

        Placement(Kind kind, Incident incident, Incident evicted) {
            this.kind = Objects.requireNonNull(kind, "kind");
            this.incident = incident;
            this.evicted = evicted;
        }

        public Kind kind() {
            return kind;
        }

        /**
         * @return the incident as it is after the verdict (none for LOW_CONFIDENCE, TRANSIT, TRANSIT_REPEAT,
         *         TO_BLOCKED_HOST and REFUSED)
         */
        public Optional<Incident> incident() {
            return Optional.ofNullable(incident);
        }

        /** @return the incident evicted to make room, if any */
        public Optional<Incident> evicted() {
            return Optional.ofNullable(evicted);
        }

        @Override
        public String toString() {
            return kind + (incident == null ? "" : " " + incident);
        }
    }

    /** Eviction order: closed (or idle past the window), then acknowledged, then blocked; oldest first in each. */
    private static int evictionRank(IncidentState state) {
        switch (state) {
            case CLOSED:
                return 0;
            case ACKNOWLEDGED:
                return 1;
            case BLOCKED:
                return 2;
            default:
                return Integer.MAX_VALUE;
        }
    }

    /**
     * @param key a source and family
     * @return the incident the key's verdicts went to last, if it is still stored
     */
    protected abstract Optional<Incident> latest(IncidentKey key);

    /**
     * Atomically: folds the verdict into the key's latest incident if that takes it, else stores a new incident
     * under a new id and makes it the key's latest.
     *
     * @param key   the verdict's source and family
     * @param takes whether an incident takes the verdict
     * @param open  the new incident, given its id
     * @param fold  an incident with the verdict
     * @return the incident after the verdict
     */
    protected abstract Incident openOrJoin(IncidentKey key, Predicate<Incident> takes, LongFunction<Incident> open,
                                           UnaryOperator<Incident> fold);

    /**
     * Atomically changes a stored incident.
     *
     * @param id     the incident
     * @param change the change
     * @return the incident after it, empty if it is not stored
     */
    public abstract Optional<Incident> change(long id, UnaryOperator<Incident> change);

    /** @return every stored incident */
    public abstract Collection<Incident> incidents();

    /** @return how many are stored */
    public abstract int size();

    /**
     * Removes an incident, and its key's latest entry if that is this incident.
     *
     * @param incident the incident
     */
    protected abstract void remove(Incident incident);

    /**
     * @param counter one of the counters (class comment)
     */
    protected abstract void count(String counter);

    /**
     * Takes one verdict.
     *
     * @param verdict     the verdict
     * @param policy      the incident policy
     * @param severities  the severities of the classes
     * @param blockedHost whether an IPv4 address (as an int) is a host a block of scope ALL cuts off now
     * @return what became of it
     */
    public final Placement report(FlowVerdict verdict, IncidentPolicy policy, SeverityPolicy severities,
                                  IntPredicate blockedHost) {
        if (!verdict.confident(policy.minConfidencePermille())) {
            count(LOW_CONFIDENCE + verdict.className());
            return new Placement(Placement.Kind.LOW_CONFIDENCE, null, null);
        }
        if (blockedHost.test(verdict.server())) {
            count(TO_BLOCKED_HOST);
            return new Placement(Placement.Kind.TO_BLOCKED_HOST, null, null);
        }
        FamilyPolicy families = policy.families();
        AttackFamily family = families.of(verdict.className());
        String familyName = families.incidentFamily(verdict.className());
        AlertSeverity severity = severities.of(verdict.className());
        long now = verdict.timeMicros();
        long window = policy.windowMicros();
        int evidence = policy.evidenceFlows();
        Predicate<Incident> takes = incident -> incident.takes(now, window);
        if (verdict.location() == LocationCheck.NEUTRAL) {
            return transit(verdict, familyName, takes, severity, evidence);
        }
        IncidentKey key = new IncidentKey(verdict.client(), familyName,
                                          verdict.location() == LocationCheck.MISMATCH);

        Optional<Incident> latest = latest(key).filter(takes);
        Incident evicted = null;
        if (latest.isEmpty() && size() >= policy.maxIncidents()) {
            Optional<Incident> victim = evictionCandidate(incidents(), now, window);
            if (victim.isPresent()) {
                evicted = victim.get();
                remove(evicted);
                count(EVICTED);
            } else {
                Optional<Incident> host = incidents().stream()
                        .filter(i -> i.source() == verdict.client() && i.spoofedSource() == key.spoofed()
                                && i.takes(now, window))
                        .max(Comparator.comparingLong(Incident::lastSeenMicros).thenComparingLong(Incident::id));
                if (host.isPresent()) {
                    Optional<Incident> merged = change(host.get().id(), i -> i.merge(verdict, severity, evidence));
                    if (merged.isPresent()) {
                        count(MERGED);
                        return new Placement(Placement.Kind.MERGED, merged.get(), null);
                    }
                }
                count(REFUSED);
                return new Placement(Placement.Kind.REFUSED, null, null);
            }
        }
        Incident after = openOrJoin(key, takes, id -> Incident.open(id, verdict, family, familyName, severity,
                                                                    evidence, key.spoofed()),
                                    incident -> incident.fold(verdict, severity, evidence));
        boolean opened = latest.map(i -> i.id() != after.id()).orElse(true) && after.reports() == 1;
        return new Placement(opened ? Placement.Kind.OPENED : Placement.Kind.JOINED, after, evicted);
    }

    /**
     * A transit switch's report joins the incident (the spoofed one first) that holds its flow from the flow's edge
     * switch, checked again inside the change, if it adds something the incident does not show (usually its switch,
     * on the incident's first flow through it); otherwise it is only counted. The edge switch's report usually comes
     * first; one that comes later opens or joins the incident itself.
     */
    private Placement transit(FlowVerdict verdict, String familyName, Predicate<Incident> takes,
                              AlertSeverity severity, int evidence) {
        long flow = verdict.flowId();
        Predicate<Incident> holds = takes.and(i -> i.knowsFlow(flow));
        for (boolean spoofed : new boolean[]{true, false}) {
            Optional<Incident> holder = latest(new IncidentKey(verdict.client(), familyName, spoofed)).filter(holds);
            if (holder.isEmpty()) {
                continue;
            }
            if (holder.get().showsAlready(verdict, severity)) {
                return repeat();
            }
            boolean[] folded = {false};
            Optional<Incident> after = change(holder.get().id(), i -> {
                folded[0] = holds.test(i) && !i.showsAlready(verdict, severity);
                return folded[0] ? i.fold(verdict, severity, evidence) : i;
            });
            if (after.isPresent() && folded[0]) {
                return new Placement(Placement.Kind.JOINED, after.get(), null);
            }
            if (after.filter(holds).isPresent()) {
                return repeat();
            }
        }
        count(TRANSIT);
        return new Placement(Placement.Kind.TRANSIT, null, null);
    }

    private Placement repeat() {
        count(TRANSIT_REPEAT);
        return new Placement(Placement.Kind.TRANSIT_REPEAT, null, null);
    }

    /**
     * @param incidents    the stored incidents
     * @param nowMicros    the clock
     * @param windowMicros the incident window
     * @return the incident to evict for a new one: never an open one
     */
    public static Optional<Incident> evictionCandidate(Collection<Incident> incidents, long nowMicros,
                                                       long windowMicros) {
        return incidents.stream()
                .filter(i -> evictionRank(i.stateAt(nowMicros, windowMicros)) != Integer.MAX_VALUE)
                .min(Comparator.<Incident>comparingInt(i -> evictionRank(i.stateAt(nowMicros, windowMicros)))
                             .thenComparingLong(Incident::lastSeenMicros).thenComparingLong(Incident::id));
    }

    /**
     * Closes the incidents idle past the window.
     *
     * @param nowMicros    the clock
     * @param windowMicros the incident window
     * @return how many were closed
     */
    public final int closeIdle(long nowMicros, long windowMicros) {
        int closed = 0;
        for (Incident incident : incidents()) {
            if (incident.state() != IncidentState.CLOSED
                    && incident.stateAt(nowMicros, windowMicros) == IncidentState.CLOSED) {
                // Checked again inside the change: a verdict may have joined it meanwhile.
                if (change(incident.id(), i -> i.stateAt(nowMicros, windowMicros) == IncidentState.CLOSED
                        ? i.closed() : i).map(i -> i.state() == IncidentState.CLOSED).orElse(false)) {
                    closed++;
                }
            }
        }
        return closed;
    }
}
