/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intent.FlowRuleIntent;
import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.IntentCompilationException;
import org.onosproject.net.intent.IntentEvent;
import org.onosproject.net.intent.IntentListener;
import org.onosproject.net.intent.IntentService;
import org.onosproject.net.intent.IntentState;
import org.onosproject.net.intent.Key;
import org.onosproject.net.intent.PathIntent;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockReactionStats;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.nids.api.NidsBlockListener;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.api.NidsIncidentListener;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.detection.AutoBlock;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.BlockPolicy;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentState;
import org.onosproject.nids.detection.Ipv4Cidr;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.function.LongSupplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.api.NidsException.Kind.CONFLICT;
import static org.onosproject.nids.api.NidsException.Kind.INVALID;
import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_MIN_ALERTS;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_MIN_ALERTS_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_MIN_FLOWS;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_MIN_FLOWS_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_MIN_SEVERITY;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_MIN_SEVERITY_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_WINDOW_SECONDS;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.AUTO_BLOCK_WINDOW_SECONDS_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.BLOCK_ALLOWLIST;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.BLOCK_ALLOWLIST_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.BLOCK_TTL_SECONDS;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.BLOCK_TTL_SECONDS_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.MAX_BLOCKS;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.MAX_BLOCKS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Blocks sources through intents (a {@link BlockIntent} compiled into the {@link FlowRuleIntent} of its drop rules):
 * applies the policy (allowlist, cap, default TTL), stores each block, submits its intent and links it to its
 * incident and alert; blocks the sources of incidents on its own as the automatic-blocking rule ({@link AutoBlock})
 * decides — severity, distinct confident flows within a window, and only when the reports came from where ONOS
 * locates the source (a spoofed source is never blocked); expires blocks; resubmits a block's intent when its host
 * shows up or moves and when a switch comes back; withdraws and purges the intent of a removed block. Every block and
 * unblock is logged with its reason and alert. In a cluster every instance runs it; the work of a block (resubmission,
 * expiry) and the decision on an incident are done once, by the instance whose ONOS work partition holds the block's
 * key or the incident's source.
 */
@Component(immediate = true, service = NidsBlockService.class,
        property = {
                AUTO_BLOCK_MIN_SEVERITY + "=" + AUTO_BLOCK_MIN_SEVERITY_DEFAULT,
                AUTO_BLOCK_MIN_ALERTS + ":Integer=" + AUTO_BLOCK_MIN_ALERTS_DEFAULT,
                AUTO_BLOCK_MIN_FLOWS + "=" + AUTO_BLOCK_MIN_FLOWS_DEFAULT,
                AUTO_BLOCK_WINDOW_SECONDS + ":Integer=" + AUTO_BLOCK_WINDOW_SECONDS_DEFAULT,
                BLOCK_TTL_SECONDS + ":Integer=" + BLOCK_TTL_SECONDS_DEFAULT,
                BLOCK_ALLOWLIST + "=" + BLOCK_ALLOWLIST_DEFAULT,
                MAX_BLOCKS + ":Integer=" + MAX_BLOCKS_DEFAULT,
        })
public class NidsBlockManager extends AbstractListenerManager<NidsBlockEvent, NidsBlockListener>
        implements NidsBlockService {

    /** Newest first: created, then id. */
    static final Comparator<NidsBlock> NEWEST_FIRST = Comparator.comparingLong(NidsBlock::createdMillis)
            .thenComparing(block -> Long.parseLong(block.id())).reversed();
    private static final int REFUSED_ALERTS_KEPT = 1000;
    /** How often due blocks are expired: a block lives at most this much past its expiry. */
    static final long EXPIRY_PERIOD_MILLIS = 1000;
    /**
     * Reactions (auto-block decisions, resubmissions, purges) waiting at most; beyond it one is dropped and counted
     * in /stats (an incident whose decision is dropped is decided by the backstop, {@link #redecideOpenIncidents}).
     */
    static final int REACTION_QUEUE_CAPACITY = 4096;
    /**
     * How often each instance re-examines the open incidents of the sources its work partitions hold that it has
     * not decided in their current form: the backstop when their events were missed or ignored (see
     * {@link #redecideOpenIncidents}).
     */
    static final long REDECIDE_PERIOD_MILLIS = 2000;

    /** Why a block went (logged). */
    enum RemovalReason {
        UNBLOCKED, EXPIRED, ALLOWLISTED
    }

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsBlockStore store;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IntentService intentService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsAlertService alertService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsIncidentService incidentService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;
    /** Where the app's own changes are recorded (auto-blocks, expiries, allowlist removals, policy changes). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile NidsAuditService audit;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService partitionService;

    /** The controller clock; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;
    /** Period of the backstop ({@link #redecideOpenIncidents}); 0 runs it on partition events only (tests). */
    long redecidePeriodMillis = REDECIDE_PERIOD_MILLIS;
    /** Where event reactions run (off the event threads); tests run them inline. */
    ExecutorService reactions;
    /** The queue of {@link #reactions} (null when tests run them inline). */
    private BlockingQueue<Runnable> reactionQueue;
    /** Reactions not run because the queue was full (shown in /stats). */
    private final AtomicLong droppedReactions = new AtomicLong();
    /** A resubmission is queued and not yet running: device and host events share it. */
    private final AtomicBoolean resubmitQueued = new AtomicBoolean();
    /** Sources whose blocks the queued resubmission recompiles (at most REACTION_QUEUE_CAPACITY, else all). */
    private final Set<Ip4Address> resubmitSources = ConcurrentHashMap.newKeySet();
    /** The queued resubmission recompiles every block. */
    private volatile boolean resubmitEvery;

    static final BlockPolicy DEFAULT_POLICY = new BlockPolicy(null, BLOCK_TTL_SECONDS_DEFAULT, List.of(),
                                                              MAX_BLOCKS_DEFAULT);

    /**
     * Incidents at or above this severity (LOW, MEDIUM, HIGH) block their source automatically; NONE blocks by hand
     * only.
     */
    private String autoBlockMinSeverity = AUTO_BLOCK_MIN_SEVERITY_DEFAULT;
    /**
     * If 1 or more: the distinct confident flows an incident of any family needs within autoBlockWindowSeconds before
     * its source is blocked (overrides autoBlockMinFlows); 0 uses autoBlockMinFlows.
     */
    private int autoBlockMinAlerts = AUTO_BLOCK_MIN_ALERTS_DEFAULT;
    /**
     * Distinct confident flows an incident needs within autoBlockWindowSeconds before its source is blocked, per
     * attack family, e.g. Scan=10,Flood=10,BruteForce=5,SlowDoS=5,Other=5.
     */
    private String autoBlockMinFlows = AUTO_BLOCK_MIN_FLOWS_DEFAULT;
    /** The window (seconds before an incident's latest verdict) those flows must fall in. */
    private int autoBlockWindowSeconds = AUTO_BLOCK_WINDOW_SECONDS_DEFAULT;
    /** Lifetime of a block unless its request says otherwise; 0 means no expiry. */
    private int blockTtlSeconds = BLOCK_TTL_SECONDS_DEFAULT;
    /**
     * Sources never blocked: comma-separated IPv4 CIDRs (a bare address is a /32); blocks of newly allowlisted
     * sources are removed.
     */
    private String blockAllowlist = BLOCK_ALLOWLIST_DEFAULT;
    /** Blocks held at once; a block beyond it is refused (REST 409). */
    private int maxBlocks = MAX_BLOCKS_DEFAULT;
    /** The seven properties above as one value, what the decisions read. */
    private volatile BlockPolicy policy = DEFAULT_POLICY;
    /** Incidents whose auto-block was refused: logged once each, not at every update (reactions thread only). */
    private final Set<Long> refusedIncidents = Collections.newSetFromMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > REFUSED_ALERTS_KEPT;
        }
    });
    /**
     * What this instance did with each incident's events, by incident id, at most as many as the backstop reads
     * (AlertQuery.MAX_LIMIT open incidents, so none it reads is forgotten between two checks): the verdicts
     * (reports) of its newest form queued for a decision here ({@link #QUEUED}), the events seen ({@link #SEEN}),
     * those left to another instance's work partition ({@link #NOT_MINE}) and the verdicts the backstop's previous
     * check read ({@link #CHECKED}). The backstop decides a form no event brought here and logs the counts.
     */
    private final Map<Long, long[]> examined = Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, long[]> eldest) {
            return size() > AlertQuery.MAX_LIMIT;
        }
    });
    private static final int QUEUED = 0;
    private static final int SEEN = 1;
    private static final int NOT_MINE = 2;
    private static final int CHECKED = 3;
    private ApplicationId appId;
    private ScheduledExecutorService timer;
    /** Compiles a block into its drop rules here, so that ONOS's intent store only ever holds a core intent type. */
    private final BlockIntentCompiler compiler = new BlockIntentCompiler();

    private final NidsBlockStoreDelegate delegate = this::post;
    private final NidsIncidentListener incidentListener = this::incidentEvent;
    private final HostListener hostListener = this::hostEvent;
    private final DeviceListener deviceListener = this::deviceEvent;
    private final IntentListener intentListener = this::intentEvent;
    private final WorkPartitionEventListener partitionListener = this::partitionEvent;

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(NidsApp.APP_NAME);
        compiler.hostService = hostService;
        compiler.deviceService = deviceService;
        componentConfigService.registerProperties(getClass());
        readConfiguration(context);
        store.setDelegate(delegate);
        eventDispatcher.addSink(NidsBlockEvent.class, listenerRegistry);
        if (reactions == null) {
            reactionQueue = new ArrayBlockingQueue<>(REACTION_QUEUE_CAPACITY);
            reactions = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, reactionQueue,
                                               groupedThreads("onos/nids", "blocks-%d", log),
                                               (task, pool) -> {
                                                   droppedReactions.incrementAndGet();
                                                   throw new RejectedExecutionException("reaction queue full");
                                               });
        }
        timer = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "block-expiry-%d", log));
        incidentService.addListener(incidentListener);
        hostService.addListener(hostListener);
        deviceService.addListener(deviceListener);
        intentService.addListener(intentListener);
        partitionService.addListener(partitionListener);
        // Blocks outlive an app reload in the store; their intents are resubmitted with this bundle's compiler (each
        // by the instance whose work partition holds its key).
        resubmit(List.of(), "app activated");
        // Expiry runs on its own thread: a flood of alert reactions never delays it.
        timer.scheduleWithFixedDelay(this::expireDue, EXPIRY_PERIOD_MILLIS, EXPIRY_PERIOD_MILLIS,
                                     TimeUnit.MILLISECONDS);
        if (redecidePeriodMillis > 0) {
            timer.scheduleWithFixedDelay(() -> redecideOpenIncidents("periodic check", false), redecidePeriodMillis,
                                         redecidePeriodMillis, TimeUnit.MILLISECONDS);
        }
        log.info("Started; policy {}, {} stored block(s)", policy, store.size());
    }

    @Deactivate
    protected void deactivate() {
        partitionService.removeListener(partitionListener);
        intentService.removeListener(intentListener);
        deviceService.removeListener(deviceListener);
        hostService.removeListener(hostListener);
        incidentService.removeListener(incidentListener);
        timer.shutdownNow();
        reactions.shutdownNow();
        reactions = null;
        reactionQueue = null;
        eventDispatcher.removeSink(NidsBlockEvent.class);
        store.unsetDelegate(delegate);
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readConfiguration(context);
        // Here, not queued with the reactions: never dropped (at most maxBlocks store changes, on a rare event).
        removeAllowlisted();
    }

    /** Reads every property; a bad value is logged and the previous one kept. */
    private void readConfiguration(ComponentContext context) {
        if (context == null) {
            return;
        }
        Dictionary<?, ?> properties = context.getProperties();
        BlockPolicy next = policy;
        for (String name : DetectionPolicy.BLOCK_PROPERTIES) {
            next = read(properties, name, next);
        }
        if (!next.equals(policy)) {
            log.info("Blocking policy {}", next);
            audited("policy.set", "block policy", NidsAuditService.OK + ": " + next);
        }
        policy = next;
        autoBlockMinSeverity = next.autoBlockMinSeverity().map(Enum::name).orElse(BlockPolicy.NONE);
        autoBlockMinAlerts = next.autoBlockMinAlerts();
        autoBlockMinFlows = next.minFlowsSpec();
        autoBlockWindowSeconds = (int) next.autoBlockWindowSeconds();
        blockTtlSeconds = (int) next.ttlSeconds();
        blockAllowlist = next.allowlist().stream().map(Ipv4Cidr::toString).collect(Collectors.joining(","));
        maxBlocks = next.maxBlocks();
    }

    private BlockPolicy read(Dictionary<?, ?> properties, String name, BlockPolicy current) {
        Object raw = properties.get(name);
        if (raw == null) {
            return current;
        }
        // An empty string is a value here (an empty allowlist), so Tools.get's null-for-empty is not used.
        String text = raw.toString().strip();
        try {
            return DetectionPolicy.withProperty(current, name, text);
        } catch (IllegalArgumentException e) {
            log.warn("Ignoring {}=\"{}\": {}; keeping the previous value", name, text, e.getMessage());
            return current;
        }
    }

    @Override
    public BlockPolicy policy() {
        return policy;
    }

    // ---- the service ----------------------------------------------------------------------------------------

    @Override
    public NidsBlock block(BlockRequest request) {
        checkNotNull(request, "request");
        BlockPolicy current = policy;
        Ip4Address src = request.src();
        Optional<Ipv4Cidr> allowed = current.allowlisted(src.toInt());
        if (allowed.isPresent()) {
            throw new NidsException(CONFLICT, src + " is allowlisted (" + allowed.get() + " in " + BLOCK_ALLOWLIST
                    + "): never blocked");
        }
        Optional<NidsAlert> alert = request.alertId().map(id -> alertService.alert(id)
                .orElseThrow(() -> new NidsException(NOT_FOUND, "alert " + id + " does not exist")));
        Optional<Incident> incident = request.incidentId().map(id -> incidentService.incident(id)
                .orElseThrow(() -> new NidsException(NOT_FOUND, "incident " + id + " does not exist")));
        if (incident.isPresent() && incident.get().source() != src.toInt()) {
            throw new NidsException(INVALID, "incidentId: incident " + incident.get().id() + " is about "
                    + incident.get().sourceText() + ", not " + src);
        }
        long now = clock.getAsLong();
        long ttl = request.ttlSeconds().orElse(current.ttlSeconds());
        String reason = request.reason().orElseGet(() -> defaultReason(request.origin(), alert, incident));
        NidsBlock block = store.add(src, request.scope(), current.maxBlocks(),
                id -> NidsBlock.builder().id(id).src(src).scope(request.scope()).reason(reason)
                        .alertId(request.alertId().orElse(null)).incidentId(request.incidentId().orElse(null))
                        .origin(request.origin())
                        .createdMillis(now).expiresMillis(ttl == 0 ? 0 : now + ttl * 1000).build());
        try {
            submit(block);
        } catch (RuntimeException e) {
            // No block without its intent: roll the store back.
            store.remove(block.id());
            throw new NidsException(NidsException.Kind.DEVICE_FAILURE,
                                    "cannot submit the intent of a block of " + src + ": " + e.getMessage(), e);
        }
        log.info("Blocked {} ({}) as block {} [{}{}{}], {}: {}", src, block.scope(), block.id(),
                 block.origin().name().toLowerCase(), block.incidentId().map(id -> ", incident " + id).orElse(""),
                 block.alertId().map(id -> ", alert " + id).orElse(""),
                 block.expiresMillis().map(t -> "ttl " + ttl + " s").orElse("no expiry"), reason);
        request.incidentId().ifPresent(id -> linkIncident(id, block.id()));
        request.alertId().ifPresent(id -> linkAlert(id, block.id()));
        return withStatus(block);
    }

    private String defaultReason(BlockOrigin origin, Optional<NidsAlert> alert, Optional<Incident> incident) {
        if (incident.isPresent()) {
            return origin == BlockOrigin.AUTO ? AutoBlock.reason(policy, incident.get())
                    : "blocked by an operator: " + incident.get().severity() + " " + incident.get().familyName()
                    + " incident " + incident.get().id() + " (" + incident.get().describe() + ")";
        }
        return alert.map(a -> AutoBlock.reason(origin == BlockOrigin.AUTO, a.severity(), a.className(), a.id(),
                                               a.flowKey().describe()))
                .orElse(origin == BlockOrigin.AUTO ? "auto-block" : "blocked by an operator");
    }

    private void linkIncident(long incidentId, String blockId) {
        try {
            incidentService.markBlocked(incidentId, blockId);
        } catch (NidsException e) {
            // The incident may have been evicted meanwhile; the block stands.
            log.warn("Block {}: cannot mark incident {} blocked: {}", blockId, incidentId, e.getMessage());
        }
    }

    private void linkAlert(long alertId, String blockId) {
        try {
            alertService.markBlocked(alertId, blockId);
        } catch (NidsException e) {
            // The alert may have been pruned meanwhile; the block stands.
            log.warn("Block {}: cannot mark alert {} blocked: {}", blockId, alertId, e.getMessage());
        }
    }

    @Override
    public NidsBlock unblock(String blockId) {
        checkNotNull(blockId, "blockId");
        return remove(blockId, RemovalReason.UNBLOCKED)
                .orElseThrow(() -> new NidsException(NOT_FOUND,
                                                     "block " + UserInput.brief(blockId) + " does not exist"));
    }

    @Override
    public List<NidsBlock> blocks() {
        return store.blocks().stream().sorted(NEWEST_FIRST).map(this::withStatus)
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<NidsBlock> block(String blockId) {
        return store.block(checkNotNull(blockId, "blockId")).map(this::withStatus);
    }

    /** The block with its intent's state and the switches of its drop rules. */
    private NidsBlock withStatus(NidsBlock block) {
        Key key = intentKey(block);
        IntentState state = intentService.getIntentState(key);
        List<DeviceId> devices = Optional.ofNullable(intentService.getInstallableIntents(key)).orElse(List.of())
                .stream()
                .filter(FlowRuleIntent.class::isInstance)
                .flatMap(intent -> ((FlowRuleIntent) intent).flowRules().stream())
                .map(FlowRule::deviceId)
                .distinct().sorted(Comparator.comparing(DeviceId::toString))
                .collect(ImmutableList.toImmutableList());
        if (state == null) {
            // Nothing submitted: the source is not located on a NIDS switch (resubmitted when it shows up).
            state = compiler.located(block.src()) ? null : IntentState.FAILED;
        }
        return block.withStatus(state == null ? "UNKNOWN" : state.name(), devices);
    }

    // ---- intents --------------------------------------------------------------------------------------------

    Key intentKey(NidsBlock block) {
        return Key.of(block.intentKey(), appId);
    }

    BlockIntent intentOf(NidsBlock block) {
        return BlockIntent.builder().appId(appId).key(intentKey(block)).src(block.src()).scope(block.scope())
                .build();
    }

    /**
     * Submits (or resubmits: recompiles) a block's intent: its {@link BlockIntent} compiled here into the
     * {@link FlowRuleIntent} of its drop rules, under the block's intent key. ONOS's intent store (gossiped between
     * the instances of a cluster) serializes core intent types only, so the app's own type never reaches it. A
     * source not located on a NIDS switch submits nothing: the block waits for its host (see hostEvent).
     */
    private void submit(NidsBlock block) {
        List<Intent> compiled;
        try {
            compiled = compiler.compile(intentOf(block), List.of());
        } catch (IntentCompilationException e) {
            log.info("Block {} of {} waits for its host: {}", block.id(), block.src(), e.getMessage());
            return;
        }
        compiled.forEach(intentService::submit);
    }

    /**
     * An empty intent under the block's key: what a withdrawal names (a core type, like every intent we submit). Its
     * collections are Guava's, which ONOS's Kryo namespace registers: a withdrawal made on another instance than the
     * one whose partition holds the key travels there serialized (Java's List.of() would not).
     */
    FlowRuleIntent withdrawalOf(NidsBlock block) {
        return new FlowRuleIntent(appId, intentKey(block), ImmutableList.of(), ImmutableList.of(),
                                  PathIntent.ProtectionType.PRIMARY, null);
    }

    /** Whether this instance does a block's own work (resubmission, expiry): its key's work partition is ours. */
    private boolean isMine(NidsBlock block) {
        return partitionService.isMine(intentKey(block), Key::hash);
    }

    private Optional<NidsBlock> remove(String blockId, RemovalReason why) {
        Optional<NidsBlock> removed = store.remove(blockId);
        removed.ifPresent(block -> {
            // Always withdraw by key: a block removed right after it was made may have its submit still pending
            // (getIntent null), and ONOS orders the two requests of one key, so the withdraw then wins. The
            // withdrawn intent carries only the key and the application: ONOS withdraws what is installed under it.
            intentService.withdraw(withdrawalOf(block));
            try {
                incidentService.blockRemoved(block.id()).forEach(i -> log.info(
                        "Incident {} of {} closed: its block {} is gone", i.id(), i.sourceText(), block.id()));
            } catch (RuntimeException e) {
                log.warn("Incidents of block {} not closed: {}", block.id(), e.getMessage());
            }
            if (why != RemovalReason.UNBLOCKED) {
                audited("block.remove", block.id(), NidsAuditService.OK + ": " + why.name().toLowerCase());
            }
            log.info("Unblocked {} ({}), block {} [{}{}]: {}", block.src(), block.scope(), block.id(),
                     block.origin().name().toLowerCase(), block.alertId().map(id -> ", alert " + id).orElse(""),
                     why.name().toLowerCase());
        });
        return removed;
    }

    /** Records a change the app made by itself, when the audit log runs. */
    private void audited(String action, String target, String result) {
        NidsAuditService auditLog = audit;
        if (auditLog != null) {
            auditLog.record(NidsAuditService.APP_USER, action, target, result);
        }
    }

    /** Removes every block whose time has come (of those whose work partition is this instance's). */
    void expireDue() {
        long now = clock.getAsLong();
        for (NidsBlock block : store.blocks()) {
            if (block.expiredAt(now) && isMine(block)) {
                remove(block.id(), RemovalReason.EXPIRED);
            }
        }
    }

    private void removeAllowlisted() {
        BlockPolicy current = policy;
        for (NidsBlock block : store.blocks()) {
            if (current.allowlisted(block.src().toInt()).isPresent() && isMine(block)) {
                remove(block.id(), RemovalReason.ALLOWLISTED);
            }
        }
    }

    // ---- reactions ------------------------------------------------------------------------------------------

    private void incidentEvent(NidsIncidentEvent event) {
        if (event.type() == NidsIncidentEvent.Type.INCIDENT_OPENED
                || event.type() == NidsIncidentEvent.Type.INCIDENT_UPDATED) {
            Incident incident = event.subject();
            // Every open incident gets the rule's decision, "off" and "below severity" too: the operator sees why.
            // Every instance sees every incident (the incident store is cluster-wide); one decides: the instance
            // whose work partition holds the source's address.
            if (incident.state() == IncidentState.OPEN) {
                boolean mine = isMine(incident);
                count(incident, mine ? SEEN : NOT_MINE);
                if (mine && react(() -> autoBlock(incident))) {
                    queued(incident);
                }
            }
        }
    }

    private void count(Incident incident, int what) {
        examined.compute(incident.id(), (id, counts) -> {
            long[] next = counts == null ? new long[4] : counts;
            next[SEEN]++;
            next[NOT_MINE] += what == NOT_MINE ? 1 : 0;
            return next;
        });
    }

    /** A decision on this form of the incident (its verdicts so far) is queued here. */
    private void queued(Incident incident) {
        examined.compute(incident.id(), (id, counts) -> {
            long[] next = counts == null ? new long[4] : counts;
            next[QUEUED] = Math.max(next[QUEUED], incident.reports());
            return next;
        });
    }

    /** Whether this instance decides on an incident: its source's work partition is ours. */
    private boolean isMine(Incident incident) {
        return partitionService.isMine(incident.source(), NidsBlockManager::partitionHash);
    }

    /**
     * The hash that places a source in a work partition: the same on every instance, else each instance would look
     * for the source in a partition of its own and none or several would decide. The address itself, not
     * {@code IpAddress.hashCode()}, which mixes in the identity hash of its version enum and so differs between JVMs.
     * Non-negative, as ONOS takes {@code Math.abs(hash) % partitions} (negative for Integer.MIN_VALUE).
     */
    static long partitionHash(int source) {
        return source & Integer.MAX_VALUE;
    }

    /**
     * A work partition became this instance's (ONOS posts the event on the new leader only): the incidents of the
     * sources it holds are decided here from now on, and the events that came while its leadership moved were
     * ignored by every instance, so they are examined now rather than at their next verdict (which may never come).
     */
    private void partitionEvent(WorkPartitionEvent event) {
        if (event.type() == WorkPartitionEvent.Type.LEADER_CHANGED) {
            try {
                timer.execute(() -> redecideOpenIncidents(event.subject() + " is this instance's", true));
            } catch (RejectedExecutionException e) {
                log.debug("Stopping: {} not re-examined", event.subject());
            }
        }
    }

    /**
     * The backstop of the event-driven decisions, so that no single incident event is the only chance of a decision:
     * decides every open incident of a source this instance's work partitions hold whose verdicts reached no decision
     * here. An event that reached no owner (the source's partition was moving between instances, or the event was
     * missed) then costs at most two periods: a form of the incident the previous check read and no event brought
     * here by now is decided (in its current form), on the reactions thread like the events. Right after a partition
     * became ours, every form no event brought here is decided at once. Two instances that both believe they hold a
     * source (a leadership in flux) still make one block: the block store takes one block per source, the other
     * decision links the incident to it.
     *
     * @param why             logged with each decision it makes
     * @param partitionGained a work partition just became this instance's
     */
    void redecideOpenIncidents(String why, boolean partitionGained) {
        List<Incident> open;
        try {
            open = incidentService.incidents(IncidentQuery.builder().state(IncidentState.OPEN)
                                                     .limit(AlertQuery.MAX_LIMIT).build());
        } catch (RuntimeException e) {
            // Runs again in REDECIDE_PERIOD_MILLIS; a failure must not cancel the schedule.
            log.warn("Open incidents not re-examined ({}): {}", why, e.getMessage());
            return;
        }
        for (Incident incident : open) {
            if (!isMine(incident)) {
                continue;
            }
            long[] counts;
            synchronized (examined) {
                long[] stored = examined.computeIfAbsent(incident.id(), id -> new long[4]);
                counts = stored.clone();
                stored[CHECKED] = incident.reports();
            }
            // reports counts every verdict folded into the incident: a form no newer than one queued here is (being)
            // decided; one newer may be on its way here as an event, unless the previous check read it already.
            long missed = partitionGained ? incident.reports() : counts[CHECKED];
            if (missed <= counts[QUEUED]) {
                continue;
            }
            if (react(() -> {
                if (incident.decision().isEmpty()) {
                    log.warn("Incident {} of {} ({} flows, {} verdicts) had no auto-block decision: deciding it now "
                                     + "({}); this instance saw {} event(s) of it, {} while its source's work "
                                     + "partition was another instance's", incident.id(), incident.sourceText(),
                             incident.flows(), incident.reports(), why, counts[SEEN], counts[NOT_MINE]);
                } else {
                    log.info("Incident {} of {} decided again ({}): its last {} verdict(s) reached no decision here",
                             incident.id(), incident.sourceText(), why, incident.reports() - counts[QUEUED]);
                }
                autoBlock(incident);
            })) {
                queued(incident);
            }
        }
    }

    /**
     * Blocks an incident's source, or links the incident to the block already stopping that source, as the
     * detection policy's automatic-blocking rule decides; the decision is recorded on the incident (its reason shown
     * by REST, CLI and GUI) and a refusal is logged once per incident.
     */
    void autoBlock(Incident incident) {
        Ip4Address src = Ip4Address.valueOf(incident.source());
        BlockDecision decision = AutoBlock.decide(policy, incident, new AutoBlock.SourceState() {
            @Override
            public Optional<String> activeBlock() {
                return store.blockOf(src, BlockScope.ALL).map(NidsBlock::id);
            }

            @Override
            public int activeBlocks() {
                return store.size();
            }
        });
        // Recorded unless the incident as its event showed it has that decision already (most of an attack's verdicts
        // leave it unchanged): a recording reads the store, which only whoever decides changes.
        if (!incident.hasDecision(decision)) {
            incidentService.recordDecision(incident.id(), decision);
        }
        switch (decision.kind()) {
            case ALREADY_BLOCKED:
                String existing = decision.existingBlockId().orElseThrow();
                if (!incident.blockId().equals(Optional.of(existing))) {
                    linkIncident(incident.id(), existing);
                }
                return;
            case CAP_REACHED:
            case LOCATION_MISMATCH:
                if (refusedIncidents.add(incident.id())) {
                    log.warn("Incident {} of {} not auto-blocked: {}", incident.id(), incident.sourceText(),
                             decision.reason());
                }
                return;
            case BLOCK:
                break;
            default:
                return; // not (yet): decided again at the incident's next verdict
        }
        Long firstAlert = alertService.alerts(AlertQuery.builder().incidentId(incident.id())
                                                      .limit(AlertQuery.MAX_LIMIT).build())
                .stream().map(NidsAlert::id).min(Long::compare).orElse(null);
        try {
            NidsBlock made = block(BlockRequest.builder(src).origin(BlockOrigin.AUTO).incidentId(incident.id())
                                           .alertId(firstAlert).build());
            log.info("Incident {} auto-blocked by block {}: {}", incident.id(), made.id(), decision.reason());
            audited("block.add", src.toString(), NidsAuditService.OK + ": block " + made.id() + " for incident "
                    + incident.id());
        } catch (BlockConflictException e) {
            if (e.existing().isPresent()) {
                // Another instance (or a hand) blocked the source first: the incident is answered by that block.
                linkIncident(incident.id(), e.existing().get().id());
            } else if (refusedIncidents.add(incident.id())) {
                log.warn("Incident {} not auto-blocked: {}", incident.id(), e.getMessage());
            }
        } catch (NidsException | IllegalArgumentException e) {
            // IllegalArgumentException: a source no block may name (multicast, loopback, ...), i.e. a spoofed one
            if (refusedIncidents.add(incident.id())) {
                log.warn("Incident {} not auto-blocked: {}", incident.id(), e.getMessage());
            }
        }
    }

    private void hostEvent(HostEvent event) {
        switch (event.type()) {
            case HOST_ADDED:
            case HOST_MOVED:
            case HOST_UPDATED:
                List<Ip4Address> ips = event.subject().ipAddresses().stream().filter(IpAddress::isIp4)
                        .map(IpAddress::getIp4Address).collect(ImmutableList.toImmutableList());
                if (!ips.isEmpty()) {
                    resubmit(ips, event.type().name());
                }
                break;
            default:
                break;
        }
    }

    private void deviceEvent(DeviceEvent event) {
        boolean back = (event.type() == DeviceEvent.Type.DEVICE_ADDED
                || event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED)
                && deviceService.isAvailable(event.subject().id());
        if (back) {
            resubmit(List.of(), event.subject().id() + " available");
        }
    }

    /**
     * Queues a resubmission (recompilation) of the blocks of some sources (none: of every block), merged into the
     * one already queued if there is one: a burst of host or device events costs one pass over the blocks (at most
     * maxBlocks), and a re-installation is never lost to a full queue.
     */
    private void resubmit(Collection<Ip4Address> sources, String why) {
        if (sources.isEmpty() || resubmitSources.size() >= REACTION_QUEUE_CAPACITY) {
            resubmitEvery = true;
        } else {
            resubmitSources.addAll(sources);
        }
        if (resubmitQueued.compareAndSet(false, true) && !react(() -> {
            resubmitQueued.set(false);
            boolean every = resubmitEvery;
            resubmitEvery = false;
            Set<Ip4Address> which = Set.copyOf(resubmitSources);
            resubmitSources.removeAll(which);
            for (NidsBlock block : store.blocks()) {
                // Each block by one instance: the one whose work partition holds its key.
                if ((every || which.contains(block.src())) && isMine(block)) {
                    log.debug("Recompiling block {} of {}: {}", block.id(), block.src(), why);
                    submit(block);
                }
            }
        })) {
            resubmitQueued.set(false);
        }
    }

    /**
     * @param reaction what to run on the reactions thread
     * @return whether it was queued (else the queue was full, and the drop is counted)
     */
    private boolean react(Runnable reaction) {
        try {
            reactions.execute(reaction);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    @Override
    public BlockReactionStats reactionStats() {
        BlockingQueue<Runnable> queue = reactionQueue;
        return new BlockReactionStats(store.size(), policy.maxBlocks(), REACTION_QUEUE_CAPACITY,
                                      queue == null ? 0 : queue.size(), droppedReactions.get());
    }

    private void intentEvent(IntentEvent event) {
        Intent intent = event.subject();
        // By key, not by class: intents submitted before an app reload carry the previous bundle's BlockIntent class.
        if (event.type() == IntentEvent.Type.WITHDRAWN && appId.equals(intent.appId())
                && intent.key().toString().startsWith(NidsBlock.INTENT_KEY_PREFIX)) {
            // Block ids are never reused, so a withdrawn block intent is done with: purged, ONOS's intent list
            // holds only live blocks.
            react(() -> intentService.purge(intent));
        }
    }
}
