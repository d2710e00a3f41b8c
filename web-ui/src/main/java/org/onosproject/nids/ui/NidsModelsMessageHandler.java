/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.nids.api.NidsModelListener;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.table.TableModel;
import org.onosproject.ui.table.TableRequestHandler;
import org.onosproject.ui.table.cell.AbstractCellFormatter;

import java.time.ZoneId;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Messages of the "NIDS Models" view: the stored models with the active one marked and, with every table, the
 * rollout state of each switch ({@value #DEVICES_RESP}: bank, model, entries, last error). While the view watches
 * ({@value #WATCH_REQ} with {@code watch: true}, sent when the view opens and when auto-refresh is switched on), every
 * {@link NidsModelEvent} (a model stored, removed or activated, a switch's rollout state updated) makes this handler
 * re-send the table and the switches' state unasked, at most once per {@code minPushIntervalMillis}; the view's
 * table builder also asks again every 2 s while its auto-refresh is on.
 */
public class NidsModelsMessageHandler extends PushingTableMessageHandler {

    static final String DATA_REQ = "nidsModelDataRequest";
    static final String DATA_RESP = "nidsModelDataResponse";
    static final String ROWS = "nidsModels";
    static final String DEVICES_RESP = "nidsModelDevicesResponse";
    static final String WATCH_REQ = "nidsModelWatchRequest";
    static final String TREE_REQ = "nidsModelTreeRequest";
    static final String TREE_RESP = "nidsModelTreeResponse";
    /** The window of a leaf's firing count (reports under the model). */
    static final long FIRING_WINDOW_MS = 60_000;
    /** Recent flow records (all switches) read for the firing counts at most. */
    static final int FIRING_RECORDS = 1000;

    /** Pushes on model events are at least this far apart. */
    static final long MIN_PUSH_INTERVAL_MS = 500;

    static final String ID = "id";
    static final String ACTIVE = "active";
    static final String NAME = "name";
    static final String CLASSES = "classes";
    static final String LEAVES = "leaves";
    static final String DEPTH = "depth";
    static final String ENTRIES = "entries";
    static final String CREATED = "created";
    static final String SWITCHES = "switches";
    static final String[] COLUMN_IDS = {ACTIVE, ID, NAME, CLASSES, LEAVES, DEPTH, ENTRIES, CREATED, SWITCHES};

    /** What the active column shows for the active model (and nothing for the others). */
    static final String ACTIVE_MARKER = "active";

    static final String DEVICES = "devices";
    static final String ACTIVE_MODEL = "activeModel";

    private static final String NO_ROWS = "No models: upload one with model-tools (nids-model upload) or REST";
    private static final String FIRST_COL = "firstCol";
    private static final String FIRST_DIR = "firstDir";
    private static final String SECOND_COL = "secondCol";
    private static final String SECOND_DIR = "secondDir";
    private static final String DESC = "desc";

    private final ZoneId zone;

    private ModelTableHandler tableHandler;

    /**
     * A handler for one GUI connection.
     *
     * @param pushExecutor          runs the pushes (shared by the connections)
     * @param minPushIntervalMillis least time between two pushes
     */
    public NidsModelsMessageHandler(ScheduledExecutorService pushExecutor, long minPushIntervalMillis) {
        this(pushExecutor, minPushIntervalMillis, ZoneId.systemDefault());
    }

    NidsModelsMessageHandler(ScheduledExecutorService pushExecutor, long minPushIntervalMillis, ZoneId zone) {
        super(pushExecutor, minPushIntervalMillis);
        this.zone = zone;
    }

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        tableHandler = new ModelTableHandler();
        return ImmutableSet.of(tableHandler, watchHandler(WATCH_REQ), new TreeHandler());
    }

    @Override
    public void init(UiConnection connection, ServiceDirectory directory) {
        super.init(connection, directory);
        NidsModelListener listener = event -> changed();
        listenTo(directory.get(NidsModelService.class), listener);
    }

    @Override
    protected void resend(ObjectNode request) {
        tableHandler.process(request);
    }

    /**
     * @param active  the active model id, if any
     * @param devices the switches' rollout state
     * @return the switches' rollout state as the view shows it, by switch id
     */
    ObjectNode devicesPayload(Optional<String> active, Map<DeviceId, DeviceModelState> devices) {
        ObjectNode root = objectNode();
        root.put(ACTIVE_MODEL, active.orElse(UiFormat.NONE));
        ArrayNode array = root.putArray(DEVICES);
        devices.values().stream()
                .sorted(Comparator.comparing(s -> s.deviceId().toString()))
                .forEach(s -> {
                    String model = s.modelId().orElse(null);
                    boolean current = model != null && active.isPresent() && model.equals(active.get());
                    String status;
                    if (s.lastError().isPresent()) {
                        status = "error";
                    } else if (current) {
                        status = "current";
                    } else if (model == null) {
                        status = "empty";
                    } else {
                        status = "stale";
                    }
                    array.addObject()
                            .put(ID, s.deviceId().toString())
                            .put("bank", s.activeBank() == DeviceModelState.NO_BANK
                                    ? UiFormat.NONE : Integer.toString(s.activeBank()))
                            .put("model", model == null ? UiFormat.NONE : model)
                            .put(ENTRIES, s.entries())
                            .put("updated", s.updatedMillis() > 0 ? UiFormat.time(s.updatedMillis(), zone)
                                    : UiFormat.NONE)
                            .put("error", s.lastError().orElse(""))
                            .put("status", status);
                });
        return root;
    }

    /** The model table; every answer is followed by the switches' rollout state. */
    private final class ModelTableHandler extends TableRequestHandler {

        private ModelTableHandler() {
            super(DATA_REQ, DATA_RESP, ROWS);
        }

        @Override
        public void process(ObjectNode payload) {
            ObjectNode request = payload == null ? objectNode() : payload;
            if (!request.hasNonNull(FIRST_COL)) {
                request.put(FIRST_COL, ACTIVE).put(FIRST_DIR, DESC).put(SECOND_COL, CREATED).put(SECOND_DIR, DESC);
            }
            remember(request);
            super.process(request);
            NidsModelService models = get(NidsModelService.class);
            sendMessage(DEVICES_RESP, devicesPayload(models.activeModelId(), models.deviceStates()));
        }

        @Override
        protected String[] getColumnIds() {
            return COLUMN_IDS;
        }

        @Override
        protected TableModel createTableModel() {
            TableModel tm = super.createTableModel();
            tm.setFormatter(ACTIVE, new ActiveFormatter());
            return tm;
        }

        @Override
        protected String noRowsMessage(ObjectNode payload) {
            return NO_ROWS;
        }

        @Override
        protected void populateTable(TableModel tm, ObjectNode payload) {
            NidsModelService models = get(NidsModelService.class);
            Optional<String> active = models.activeModelId();
            Collection<DeviceModelState> states = models.deviceStates().values();
            for (ModelBundle model : models.models()) {
                String id = model.modelId();
                long holding = states.stream().filter(s -> s.modelId().map(id::equals).orElse(false)).count();
                List<String> classes = model.classNames();
                tm.addRow()
                        .cell(ACTIVE, active.map(id::equals).orElse(false))
                        .cell(ID, id)
                        .cell(NAME, model.name())
                        .cell(CLASSES, String.join(", ", classes))
                        .cell(LEAVES, model.phases().stream().mapToInt(p -> p.tree().leafCount()).sum())
                        .cell(DEPTH, model.phases().stream().mapToInt(p -> p.tree().depth()).max().orElse(0))
                        .cell(ENTRIES, model.phases().stream().mapToInt(p -> p.compiled().decisionEntries().size()
                                + p.compiled().featureEntries().size()).sum())
                        .cell(CREATED, model.createdAt())
                        .cell(SWITCHES, holding + " of " + states.size());
            }
        }
    }

    /**
     * A model's tree with its leaves' confidence and firing counts, and its entries per table ({@link ModelTreeView});
     * {@code error} for a model that is not stored.
     */
    private final class TreeHandler extends RequestHandler {

        private final FeatureCatalog catalog = FeatureCatalog.standard();

        private TreeHandler() {
            super(TREE_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            String id = string(payload, ID);
            Optional<ModelBundle> model = get(NidsModelService.class).models().stream()
                    .filter(m -> m.modelId().equals(id)).findFirst();
            if (model.isEmpty()) {
                sendMessage(TREE_RESP, objectNode().put(ID, id).put("error", "No model " + id));
                return;
            }
            sendMessage(TREE_RESP, ModelTreeView.of(model.get(), catalog, firing(id)));
        }

        /** Per leaf id: the switches' reports classified by this model in the last minute. */
        private Map<Integer, Long> firing(String modelId) {
            Map<Integer, Long> byLeaf = new java.util.HashMap<>();
            NidsFlowRecordService flows;
            try {
                flows = get(NidsFlowRecordService.class);
            } catch (ServiceNotFoundException e) {
                return byLeaf;
            }
            long since = System.currentTimeMillis() - FIRING_WINDOW_MS;
            flows.recentFlows(Optional.empty(), FIRING_RECORDS).stream()
                    .filter(r -> r.receivedMillis() >= since && r.modelId().map(modelId::equals).orElse(false))
                    .forEach(r -> byLeaf.merge(r.leafId(), 1L, Long::sum));
            return byLeaf;
        }
    }

    /** {@code true} → {@value #ACTIVE_MARKER}, {@code false} → empty; the cell sorts active first when descending. */
    private static final class ActiveFormatter extends AbstractCellFormatter {
        @Override
        protected String nonNullFormat(Object value) {
            return Objects.equals(value, Boolean.TRUE) ? ACTIVE_MARKER : EMPTY;
        }
    }
}
