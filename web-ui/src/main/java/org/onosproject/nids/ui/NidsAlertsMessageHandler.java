/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentListener;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.detection.Incident;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.table.TableModel;

import java.time.ZoneId;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;

/**
 * Messages of the "NIDS Alerts" view: the alert table, an alert's details (decision path and features),
 * acknowledging an alert, and blocking its source (client IP) through the block service.
 * <p>
 * The table is live two ways: the view's table builder asks again every 2 s while its auto-refresh is on, and,
 * while the view watches ({@value #WATCH_REQ} with {@code watch: true}, sent when the view opens and when
 * auto-refresh is switched on), every {@link NidsAlertEvent} makes this handler re-send the table unasked, with the
 * sort order of the view's last request, at most once per {@code minPushIntervalMillis}. An alert is the evidence of
 * an incident (docs/alerts.md): its row names the incident and the flows it holds, and incident events push the table
 * too, so an attack whose incident already has its evidence alerts still shows, live, as its incident growing.
 */
public class NidsAlertsMessageHandler extends PushingTableMessageHandler {

    static final String DATA_REQ = "nidsAlertDataRequest";
    static final String DATA_RESP = "nidsAlertDataResponse";
    static final String ROWS = "nidsAlerts";
    static final String DETAILS_REQ = "nidsAlertDetailsRequest";
    static final String DETAILS_RESP = "nidsAlertDetailsResponse";
    static final String ACK_REQ = "nidsAlertAckRequest";
    static final String ACK_RESP = "nidsAlertAckResponse";
    static final String WATCH_REQ = "nidsAlertWatchRequest";
    static final String BLOCK_REQ = "nidsAlertBlockRequest";
    static final String BLOCK_RESP = "nidsAlertBlockResponse";

    static final String ID = "id";
    static final String TIME = "time";
    static final String SEVERITY = "severity";
    static final String CLASS = "class";
    static final String FLOW = "flow";
    static final String DEVICE = "device";
    static final String MODEL = "model";
    static final String STATE = "state";
    static final String REPORTS = "reports";
    static final String INCIDENT = "incident";
    static final String[] COLUMN_IDS = {ID, TIME, SEVERITY, CLASS, FLOW, DEVICE, MODEL, STATE, REPORTS, INCIDENT};

    static final String DETAILS = "details";
    static final String ERROR = "error";

    /** At most this many alerts (the newest by last seen) are in the table. */
    static final int MAX_ROWS = 1000;
    /** Pushes on alert events are at least this far apart. */
    static final long MIN_PUSH_INTERVAL_MS = 500;

    private static final String NO_ROWS = "No alerts: no flow has been classified as an attack yet";

    private final ZoneId zone;

    private AlertTableHandler tableHandler;
    private NidsAlertService alertService;
    private ServiceDirectory directory;

    /**
     * A handler for one GUI connection.
     *
     * @param pushExecutor          runs the pushes (shared by the connections)
     * @param minPushIntervalMillis least time between two pushes
     */
    public NidsAlertsMessageHandler(ScheduledExecutorService pushExecutor, long minPushIntervalMillis) {
        this(pushExecutor, minPushIntervalMillis, ZoneId.systemDefault());
    }

    NidsAlertsMessageHandler(ScheduledExecutorService pushExecutor, long minPushIntervalMillis, ZoneId zone) {
        super(pushExecutor, minPushIntervalMillis);
        this.zone = zone;
    }

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        tableHandler = new AlertTableHandler();
        return ImmutableSet.of(tableHandler, new DetailsHandler(), new AckHandler(), watchHandler(WATCH_REQ),
                               new BlockHandler());
    }

    @Override
    public void init(UiConnection connection, ServiceDirectory directory) {
        super.init(connection, directory);
        this.directory = directory;
        alertService = directory.get(NidsAlertService.class);
        NidsAlertListener listener = event -> changed();
        listenTo(alertService, listener);
        incidentService().ifPresent(incidents -> listenTo(incidents, (NidsIncidentListener) event -> changed()));
    }

    @Override
    protected void resend(ObjectNode request) {
        tableHandler.process(request);
    }

    /** @return the incident service, unless incidents are not running */
    private Optional<NidsIncidentService> incidentService() {
        try {
            return Optional.of(directory.get(NidsIncidentService.class));
        } catch (ServiceNotFoundException e) {
            return Optional.empty();
        }
    }

    /** The GUI user of this connection (changes need ONOS's admin role, see {@link NidsAuditService}). */
    private String user() {
        return connection() == null ? "unknown" : connection().userName();
    }

    private static long alertId(ObjectNode payload) {
        JsonNode id = payload == null ? null : payload.get(ID);
        if (id == null) {
            return -1;
        }
        return id.isNumber() ? id.asLong() : id.asLong(-1);
    }

    /** The alert table: one row per alert, newest first unless the view asks for another order. */
    private final class AlertTableHandler extends NewestFirstTableHandler {

        private AlertTableHandler() {
            super(DATA_REQ, DATA_RESP, ROWS, COLUMN_IDS, TIME, zone, NO_ROWS);
        }

        @Override
        public void process(ObjectNode payload) {
            ObjectNode request = newestFirst(payload);
            remember(request);
            super.process(request);
        }

        @Override
        protected void populateTable(TableModel tm, ObjectNode payload) {
            Map<Long, Incident> incidents = incidentService().map(s -> s.incidents(IncidentQuery.builder()
                    .limit(AlertQuery.MAX_LIMIT).build())).orElse(List.of()).stream()
                    .collect(Collectors.toMap(Incident::id, i -> i, (a, b) -> a));
            for (NidsAlert alert : alertService.alerts(AlertQuery.builder().limit(MAX_ROWS).build())) {
                tm.addRow()
                        .cell(ID, alert.id())
                        .cell(TIME, alert.lastSeenMillis())
                        .cell(SEVERITY, alert.severity())
                        .cell(CLASS, alert.className())
                        .cell(FLOW, UiFormat.flow(alert.flowKey()))
                        .cell(DEVICE, UiFormat.devices(alert.devices()))
                        .cell(MODEL, alert.modelId().orElse(UiFormat.NONE))
                        .cell(STATE, alert.state())
                        .cell(REPORTS, alert.reportCount())
                        .cell(INCIDENT, alert.incidentId().map(id -> incidentCell(id, incidents.get(id)))
                                .orElse(UiFormat.NONE));
            }
        }
    }

    /** One alert in full, for the details panel. */
    private final class DetailsHandler extends RequestHandler {

        private DetailsHandler() {
            super(DETAILS_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            long id = alertId(payload);
            sendDetails(id, alertService.alert(id));
        }
    }

    /** Acknowledges an alert, answers with its new state and its details, and refreshes the table. */
    private final class AckHandler extends RequestHandler {

        private AckHandler() {
            super(ACK_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            long id = alertId(payload);
            ObjectNode result = objectNode().put(ID, id);
            Optional<NidsAlert> alert;
            try {
                NidsAlert acked = directory.get(NidsAuditService.class).adminChange(
                        user(), "alert.ack", Long.toString(id), () -> alertService.acknowledge(id),
                        a -> NidsAuditService.OK);
                result.put(STATE, acked.state().name());
                alert = Optional.of(acked);
            } catch (NidsException | IllegalArgumentException | ServiceNotFoundException e) {
                result.put(ERROR, "Cannot acknowledge alert " + id + ": " + e.getMessage());
                alert = alertService.alert(id);
            }
            sendMessage(ACK_RESP, result);
            sendDetails(id, alert);
            changed();
        }
    }

    /**
     * Blocks the alert's client IP (all its IPv4 traffic, the policy's default TTL), linked to the alert; answers
     * with the block id or the reason of a refusal (allowlisted, already blocked, cap), then the alert's details.
     */
    private final class BlockHandler extends RequestHandler {

        private BlockHandler() {
            super(BLOCK_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            long id = alertId(payload);
            ObjectNode result = objectNode().put(ID, id);
            Optional<NidsAlert> alert = alertService.alert(id);
            if (alert.isEmpty()) {
                result.put(ERROR, "Cannot block: no alert " + id);
            } else {
                Ip4Address src = alert.get().flowKey().clientIp();
                try {
                    // Looked up here, not in init: the view works (without blocking) while blocking is not running.
                    BlockRequest request = BlockRequest.builder(src).alertId(id).incidentId(incidentOf(alert.get()))
                            .reason("blocked from the GUI for " + alert.get().severity() + " "
                                            + alert.get().className() + " alert " + id).build();
                    NidsBlock block = directory.get(NidsAuditService.class).adminChange(
                            user(), "block.add", src.toString(),
                            () -> directory.get(NidsBlockService.class).block(request),
                            made -> NidsAuditService.OK + ": block " + made.id());
                    result.put("blockId", block.id()).put("src", src.toString());
                } catch (NidsException | IllegalArgumentException | ServiceNotFoundException e) {
                    result.put(ERROR, "Cannot block " + src + ": " + e.getMessage());
                }
                alert = alertService.alert(id);
            }
            sendMessage(BLOCK_RESP, result);
            sendDetails(id, alert);
            changed();
        }
    }

    /** The alert's incident if it is still stored (a block then answers it too), else null. */
    private Long incidentOf(NidsAlert alert) {
        return alert.incidentId().filter(i -> incidentService().flatMap(s -> s.incident(i)).isPresent())
                .orElse(null);
    }

    private void sendDetails(long id, Optional<NidsAlert> alert) {
        ObjectNode root = objectNode();
        if (alert.isPresent()) {
            root.set(DETAILS, details(alert.get()));
        } else {
            root.put(ERROR, "No alert " + id);
            root.set(DETAILS, objectNode());
        }
        connection().sendMessage(DETAILS_RESP, root);
    }

    /**
     * @param id       the incident of an alert
     * @param incident the incident, null when it is no longer stored
     * @return e.g. {@code 7: 12 flows, OPEN}; only the id for an incident no longer stored
     */
    static String incidentCell(long id, Incident incident) {
        return incident == null ? Long.toString(id)
                : id + ": " + incident.flows() + (incident.flows() == 1 ? " flow, " : " flows, ") + incident.state();
    }

    /**
     * @param incidentId the incident whose evidence an alert is
     * @return e.g. {@code 7 OPEN: Scan from 10.0.0.3: 150 flows, 150 ports on 1 host; location CONFIRMED; WAITING:
     *         fewer than the 10 confident Scan flows …}; only the id when the incident is gone or incidents are not
     *         running
     */
    String incidentText(long incidentId) {
        return incidentService().flatMap(s -> s.incident(incidentId))
                .map(i -> i.id() + " " + i.state() + ": " + i.describe() + "; location " + i.location()
                        + i.decision().map(d -> "; " + d + ": " + i.decisionReason()).orElse(""))
                .orElse(Long.toString(incidentId));
    }

    /**
     * @param alert an alert
     * @return what the details panel shows of it
     */
    ObjectNode details(NidsAlert alert) {
        FlowKey key = alert.flowKey();
        ObjectNode d = objectNode()
                .put(ID, Long.toString(alert.id()))
                .put(STATE, alert.state().name())
                .put(SEVERITY, alert.severity().name())
                .put(CLASS, alert.className())
                .put("classId", alert.classId())
                .put(FLOW, UiFormat.flow(key))
                .put("source", UiFormat.endpoint(key.clientIp().toString(), key.clientPort(), key.protocol()))
                .put("destination", UiFormat.endpoint(key.serverIp().toString(), key.serverPort(),
                        key.protocol()))
                .put("protocol", UiFormat.protocol(key.protocol()))
                .put(MODEL, alert.modelId().orElse(UiFormat.NONE))
                .put("leaf", alert.leafId())
                .put("firstSeen", UiFormat.time(alert.firstSeenMillis(), zone))
                .put("lastSeen", UiFormat.time(alert.lastSeenMillis(), zone))
                .put(REPORTS, alert.reportCount())
                .put("block", alert.blockId().orElse(UiFormat.NONE))
                .put("incident", alert.incidentId().map(this::incidentText).orElse(UiFormat.NONE))
                .put("canAck", alert.state() == AlertState.OPEN)
                .put("canBlock", alert.state() != AlertState.BLOCKED);
        ArrayNode devices = d.putArray("devices");
        alert.deviceReports().forEach((device, reports) ->
                devices.addObject().put(DEVICE, device.toString()).put(REPORTS, reports));
        ArrayNode path = d.putArray("decisionPath");
        for (DecisionStep step : alert.decisionPath()) {
            path.addObject()
                    .put("feature", step.feature())
                    .put("operator", step.operator().symbol())
                    .put("bound", step.bound())
                    .put("value", step.value())
                    .put("holds", step.holds())
                    .put("text", step.explain());
        }
        ArrayNode features = d.putArray("features");
        alert.features().forEach((name, value) -> features.addObject().put("name", name).put("value", value));
        return d;
    }
}
