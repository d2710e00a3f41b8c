/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.PipelineReadBack;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;
import org.slf4j.Logger;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static org.onosproject.nids.pipeconf.NidsConstants.BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.CLASSES_PER_BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.EPOCH;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_CONFIG;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FLOWS_EVICT_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_REPORTS_REPORT_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_REPORTS_REPORT_DROP_COUNTER;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Reads over P4Runtime what ONOS's services do not give: the pipeline's indirect counters (ONOS has no generic service
 * for PI counters), and what the switch itself holds of the classifier (its configuration's bank and epoch, the
 * entries per bank), where ONOS's flow rule service gives its own record.
 */
final class NidsCounterReader {

    private final Logger log = getLogger(getClass());

    private final P4RuntimeController p4RuntimeController;
    private final PiPipeconfService pipeconfService;
    private final NetworkConfigService networkConfigService;

    NidsCounterReader(P4RuntimeController p4RuntimeController, PiPipeconfService pipeconfService,
                      NetworkConfigService networkConfigService) {
        this.p4RuntimeController = p4RuntimeController;
        this.pipeconfService = pipeconfService;
        this.networkConfigService = networkConfigService;
    }

    /**
     * @param deviceId switch
     * @param bank     bank
     * @return class id to packets of that bank (non-zero only); empty if the switch could not be read
     */
    Map<Integer, Long> classCounters(DeviceId deviceId, int bank) {
        ImmutableMap.Builder<Integer, Long> counters = ImmutableMap.builder();
        for (PiCounterCell cell : read(deviceId, List.of(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER))) {
            long index = cell.cellId().index();
            if (index / CLASSES_PER_BANK == bank && cell.data().packets() > 0) {
                counters.put((int) (index % CLASSES_PER_BANK), cell.data().packets());
            }
        }
        return counters.build();
    }

    /**
     * @param deviceId switch
     * @return "sent.REASON", "dropped.REASON" and "evictions" (flows replaced in the flow table, idle or busy);
     *         empty if the switch could not be read
     */
    Map<String, Long> reportCounters(DeviceId deviceId) {
        ImmutableMap.Builder<String, Long> counters = ImmutableMap.builder();
        long evictions = 0;
        Collection<PiCounterCell> cells = read(deviceId, List.of(NIDS_INGRESS_REPORTS_REPORT_COUNTER,
                                                                 NIDS_INGRESS_REPORTS_REPORT_DROP_COUNTER,
                                                                 NIDS_INGRESS_FLOWS_EVICT_COUNTER));
        if (cells.isEmpty()) {
            return Map.of();
        }
        for (PiCounterCell cell : cells) {
            PiCounterId counter = cell.cellId().counterId();
            long index = cell.cellId().index();
            if (counter.equals(NIDS_INGRESS_FLOWS_EVICT_COUNTER)) {
                evictions += cell.data().packets();     // one cell per kind: idle and busy flows replaced
                continue;
            }
            Optional<ReportReason> reason = NidsReportFormat.reasonOf((int) index);
            if (reason.isPresent()) {
                String prefix = counter.equals(NIDS_INGRESS_REPORTS_REPORT_COUNTER) ? "sent." : "dropped.";
                counters.put(prefix + reason.get().name(), cell.data().packets());
            }
        }
        return counters.put("evictions", evictions).build();
    }

    /**
     * @param deviceId switch
     * @return the bank and epoch of the switch's configuration entry and its classifier entries per bank, as the
     *         switch holds them; empty if the switch could not be read
     */
    Optional<PipelineReadBack> readBack(DeviceId deviceId) {
        Optional<P4RuntimeReadClient.ReadResponse> response = read(deviceId, request -> request
                .defaultTableEntry(NIDS_INGRESS_CFG_CONFIG).tableEntries(ClassifierTables.BANKED));
        if (response.isEmpty()) {
            return Optional.empty();
        }
        Optional<PiAction> config = Optional.empty();
        Map<Integer, Integer> entries = new HashMap<>();
        for (PiTableEntry entry : response.get().all(PiTableEntry.class)) {
            if (entry.table().equals(NIDS_INGRESS_CFG_CONFIG) && entry.action() instanceof PiAction) {
                config = Optional.of((PiAction) entry.action());
            } else if (ClassifierTables.BANKED.contains(entry.table())) {
                entry.matchKey().fieldMatch(HDR_BANK).filter(m -> m instanceof PiExactFieldMatch)
                        .map(m -> (int) NidsInterpreter.unsigned(((PiExactFieldMatch) m).value()))
                        .ifPresent(bank -> entries.merge(bank, 1, Integer::sum));
            }
        }
        return config.map(action -> new PipelineReadBack((int) param(action, BANK), param(action, EPOCH), entries));
    }

    private static long param(PiAction action, PiActionParamId id) {
        return action.parameters().stream().filter(p -> p.id().equals(id)).findFirst()
                .map(p -> NidsInterpreter.unsigned(p.value())).orElse(0L);
    }

    private Collection<PiCounterCell> read(DeviceId deviceId, List<PiCounterId> counterIds) {
        return read(deviceId, request -> request.counterCells(counterIds))
                .map(response -> response.all(PiCounterCell.class)).orElse(List.of());
    }

    private Optional<P4RuntimeReadClient.ReadResponse> read(
            DeviceId deviceId, UnaryOperator<P4RuntimeReadClient.ReadRequest> what) {
        P4RuntimeClient client = p4RuntimeController.get(deviceId);
        Optional<PiPipeconf> pipeconf = pipeconfService.getPipeconf(deviceId);
        Optional<Long> p4DeviceId = p4DeviceId(deviceId);
        if (client == null || pipeconf.isEmpty() || p4DeviceId.isEmpty()) {
            return Optional.empty();
        }
        P4RuntimeReadClient.ReadResponse response = what.apply(client.read(p4DeviceId.get(), pipeconf.get()))
                .submitSync();
        if (!response.isSuccess()) {
            log.debug("Reading {} failed: {}", deviceId, response.explanation());
            return Optional.empty();
        }
        return Optional.of(response);
    }

    /** The P4Runtime device id, from the netcfg management address (grpc://host:port?device_id=N). */
    Optional<Long> p4DeviceId(DeviceId deviceId) {
        BasicDeviceConfig config = networkConfigService.getConfig(deviceId, BasicDeviceConfig.class);
        if (config == null || config.managementAddress() == null) {
            return Optional.empty();
        }
        return p4DeviceIdOf(config.managementAddress());
    }

    static Optional<Long> p4DeviceIdOf(String managementAddress) {
        String query;
        try {
            query = new URI(managementAddress).getQuery();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        if (query == null) {
            return Optional.empty();
        }
        for (String pair : query.split("&")) {
            String[] kv = pair.split("=", 2);
            if (kv.length == 2 && kv[0].equals("device_id")) {
                try {
                    return Optional.of(Long.parseLong(kv[1]));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }
}
