/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onlab.util.KryoNamespace;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.pi.service.PiTranslationException;
import org.onosproject.net.pi.service.PiTranslationService;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.MessageSubject;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.Serializer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_BANK;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Writes the classifier banks straight over P4Runtime from the switch's master, as ONOS's own P4Runtime behaviours
 * write: one batched Write of the bank's table entries per step. A bank's entries are planned as flow rules and
 * translated by ONOS's PI translation service, but never enter its flow rule subsystem (no flow store, translation
 * store or table mirror entries, nothing replicated to the other instances per entry); ONOS leaves them alone since
 * the pipeline model it sees shows the classifier tables as constant ({@link AppOwnedTablesModel}).
 *
 * <p>Only a switch's master may write to it (P4Runtime arbitration), so an instance that is not the master sends the
 * translated entries to it over ONOS's cluster messaging and gets its answer back. Which entries a bank holds is
 * read from the switch itself just before they are removed (whatever a lost write or a restart left there goes
 * too). A step refused by the switch (e.g. "not primary" while ONOS re-asserts mastership) is tried once more.
 */
@Component(immediate = true, service = ClassifierBanks.class)
public final class P4RuntimeClassifierBanks implements ClassifierBanks {

    static final MessageSubject BANK_WRITE = new MessageSubject("nids-classifier-bank-write");
    /** How long the instance that asked waits for the master's answer (the rollout bounds each step itself). */
    static final Duration MASTER_ANSWER_TIMEOUT = Duration.ofSeconds(120);
    static final int ATTEMPTS = 2;
    static final long RETRY_DELAY_MILLIS = 1000;
    static final int THREADS = 4;
    static final int QUEUE_CAPACITY = 1024;

    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(BankWrite.class)
            .build("nids-classifier-banks"));

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterCommunicationService clusterCommunicator;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected P4RuntimeController p4RuntimeController;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiTranslationService translationService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService networkConfigService;

    private ExecutorService executor;

    /** One bank of one switch and the entries to write into it (none: clear it). */
    static final class BankWrite {
        final DeviceId deviceId;
        final int bank;
        final ArrayList<PiTableEntry> entries;

        BankWrite(DeviceId deviceId, int bank, List<PiTableEntry> entries) {
            this.deviceId = deviceId;
            this.bank = bank;
            this.entries = new ArrayList<>(entries);
        }
    }

    @Activate
    protected void activate() {
        // A few threads (each waits on one switch's Write at a time); the queue holds at most a rollout's steps.
        executor = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.MILLISECONDS,
                                          new ArrayBlockingQueue<>(QUEUE_CAPACITY),
                                          groupedThreads("onos/nids", "classifier-banks-%d", log));
        clusterCommunicator.<BankWrite, Boolean>addSubscriber(BANK_WRITE, SERIALIZER::decode, this::applyHere,
                                                              SERIALIZER::encode);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        clusterCommunicator.removeSubscriber(BANK_WRITE);
        executor.shutdownNow();
        log.info("Stopped");
    }

    @Override
    public CompletableFuture<Boolean> replace(DeviceId deviceId, int bank, List<FlowRule> rules) {
        Optional<PiPipeconf> pipeconf = pipeconfService.getPipeconf(deviceId);
        if (pipeconf.isEmpty()) {
            log.warn("No pipeconf for {}: bank {} not written", deviceId, bank);
            return CompletableFuture.completedFuture(false);
        }
        List<PiTableEntry> entries = new ArrayList<>(rules.size());
        try {
            for (FlowRule rule : rules) {
                entries.add(translationService.flowRuleTranslator().translate(rule, pipeconf.get()));
            }
        } catch (PiTranslationException e) {
            log.warn("Bank {} of {} not written: {}", bank, deviceId, e.getMessage());
            return CompletableFuture.completedFuture(false);
        }
        BankWrite write = new BankWrite(deviceId, bank, entries);
        if (mastershipService.isLocalMaster(deviceId)) {
            return applyHere(write);
        }
        NodeId master = mastershipService.getMasterFor(deviceId);
        if (master == null) {
            log.warn("{} has no master: bank {} not written", deviceId, bank);
            return CompletableFuture.completedFuture(false);
        }
        return clusterCommunicator.<BankWrite, Boolean>sendAndReceive(
                        write, BANK_WRITE, SERIALIZER::encode, SERIALIZER::decode, master, MASTER_ANSWER_TIMEOUT)
                .exceptionally(e -> {
                    log.warn("Bank {} of {}: no answer from its master {}: {}", bank, deviceId, master,
                             e.getMessage());
                    return false;
                });
    }

    /** Runs a bank write on this instance, which should be the switch's master (the switch refuses it otherwise). */
    private CompletableFuture<Boolean> applyHere(BankWrite write) {
        try {
            return CompletableFuture.supplyAsync(() -> replaceWithRetry(write), executor);
        } catch (RejectedExecutionException e) {
            log.warn("Bank {} of {} not written: {} bank writes already queued", write.bank, write.deviceId,
                     QUEUE_CAPACITY);
            return CompletableFuture.completedFuture(false);
        }
    }

    private boolean replaceWithRetry(BankWrite write) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Optional<String> error = replaceNow(write);
            if (error.isEmpty()) {
                return true;
            }
            log.warn("Bank {} of {} ({} entries), attempt {} of {}: {}", write.bank, write.deviceId,
                     write.entries.size(), attempt, ATTEMPTS, error.get());
            if (attempt < ATTEMPTS) {
                try {
                    TimeUnit.MILLISECONDS.sleep(RETRY_DELAY_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    /** Removes what the switch holds in the bank, then writes the entries; the error if a step failed. */
    private Optional<String> replaceNow(BankWrite write) {
        P4RuntimeClient client = p4RuntimeController.get(write.deviceId);
        Optional<PiPipeconf> pipeconf = pipeconfService.getPipeconf(write.deviceId);
        Optional<Long> p4DeviceId = new NidsCounterReader(p4RuntimeController, pipeconfService, networkConfigService)
                .p4DeviceId(write.deviceId);
        if (client == null || pipeconf.isEmpty() || p4DeviceId.isEmpty()) {
            return Optional.of("no P4Runtime client, pipeconf or device id");
        }
        var read = client.read(p4DeviceId.get(), pipeconf.get()).tableEntries(ClassifierTables.BANKED).submitSync();
        if (!read.isSuccess()) {
            return Optional.of("reading the bank failed: " + read.explanation());
        }
        List<PiTableEntry> held = new ArrayList<>();
        for (PiTableEntry entry : read.all(PiTableEntry.class)) {
            if (bankOf(entry) == write.bank) {
                held.add(entry);
            }
        }
        if (!held.isEmpty()) {
            Optional<String> error = submit(client.write(p4DeviceId.get(), pipeconf.get())
                                                    .entities(held, UpdateType.DELETE).submitSync(), "removing");
            if (error.isPresent()) {
                return error;
            }
        }
        if (write.entries.isEmpty()) {
            return Optional.empty();
        }
        return submit(client.write(p4DeviceId.get(), pipeconf.get()).entities(write.entries, UpdateType.INSERT)
                              .submitSync(), "writing");
    }

    private static Optional<String> submit(WriteResponse response, String what) {
        if (response.isSuccess()) {
            return Optional.empty();
        }
        return Optional.of(what + ": " + response.failed().size() + " of " + response.all().size()
                                   + " entries refused, e.g. " + response.failed().stream().findFirst()
                .map(f -> f.status() + " " + f.explanation()).orElse("?"));
    }

    static int bankOf(PiTableEntry entry) {
        return entry.matchKey().fieldMatch(HDR_BANK).filter(m -> m instanceof PiExactFieldMatch)
                .map(m -> (int) NidsInterpreter.unsigned(((PiExactFieldMatch) m).value())).orElse(-1);
    }
}
