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
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.table.TableModel;

import java.time.ZoneId;
import java.util.Collection;
import java.util.Optional;

/**
 * Messages of the "NIDS Blocks" view: the block table (with each block's intent state and edge switches), a
 * block's details, and unblocking. The view's table builder asks again every 2 s while auto-refresh is on, so
 * blocks made by the policy and expiries show up by themselves.
 */
public class NidsBlocksMessageHandler extends UiMessageHandler {

    static final String DATA_REQ = "nidsBlockDataRequest";
    static final String DATA_RESP = "nidsBlockDataResponse";
    static final String ROWS = "nidsBlocks";
    static final String DETAILS_REQ = "nidsBlockDetailsRequest";
    static final String DETAILS_RESP = "nidsBlockDetailsResponse";
    static final String UNBLOCK_REQ = "nidsBlockUnblockRequest";
    static final String UNBLOCK_RESP = "nidsBlockUnblockResponse";

    static final String ID = "id";
    static final String SRC = "src";
    static final String SCOPE = "scope";
    static final String ORIGIN = "origin";
    static final String ALERT = "alert";
    static final String STATE = "state";
    static final String DEVICES = "devices";
    static final String CREATED = "created";
    static final String EXPIRES = "expires";
    static final String REASON = "reason";
    static final String[] COLUMN_IDS = {ID, SRC, SCOPE, ORIGIN, ALERT, STATE, DEVICES, CREATED, EXPIRES, REASON};

    static final String DETAILS = "details";
    static final String ERROR = "error";

    private static final String NO_ROWS = "No blocks: no source is blocked";

    private final ZoneId zone;
    private NidsBlockService blockService;
    private ServiceDirectory directory;

    public NidsBlocksMessageHandler() {
        this(ZoneId.systemDefault());
    }

    NidsBlocksMessageHandler(ZoneId zone) {
        this.zone = zone;
    }

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(new BlockTableHandler(), new DetailsHandler(), new UnblockHandler());
    }

    @Override
    public void init(UiConnection connection, ServiceDirectory directory) {
        super.init(connection, directory);
        this.directory = directory;
        blockService = directory.get(NidsBlockService.class);
    }

    private static String blockId(ObjectNode payload) {
        return payload == null || !payload.hasNonNull(ID) ? "" : payload.get(ID).asText();
    }

    /** The block table: newest first unless the view asks for another order. */
    private final class BlockTableHandler extends NewestFirstTableHandler {

        private BlockTableHandler() {
            super(DATA_REQ, DATA_RESP, ROWS, COLUMN_IDS, CREATED, zone, NO_ROWS);
        }

        @Override
        protected void populateTable(TableModel tm, ObjectNode payload) {
            for (NidsBlock block : blockService.blocks()) {
                tm.addRow()
                        .cell(ID, block.id())
                        .cell(SRC, block.src().toString())
                        .cell(SCOPE, block.scope().toString())
                        .cell(ORIGIN, block.origin().name().toLowerCase())
                        .cell(ALERT, block.alertId().map(Object::toString).orElse(UiFormat.NONE))
                        .cell(STATE, block.state().orElse(UiFormat.NONE))
                        .cell(DEVICES, UiFormat.devices(block.devices()))
                        .cell(CREATED, block.createdMillis())
                        .cell(EXPIRES, block.expiresMillis().map(t -> UiFormat.time(t, zone)).orElse("never"))
                        .cell(REASON, block.reason());
            }
        }
    }

    /** One block in full, for the details panel. */
    private final class DetailsHandler extends RequestHandler {

        private DetailsHandler() {
            super(DETAILS_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            String id = blockId(payload);
            sendDetails(id, blockService.block(id));
        }
    }

    /** Unblocks, answers with the outcome; the details panel then shows the block is gone. */
    private final class UnblockHandler extends RequestHandler {

        private UnblockHandler() {
            super(UNBLOCK_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            String id = blockId(payload);
            ObjectNode result = objectNode().put(ID, id);
            try {
                NidsBlock removed = directory.get(NidsAuditService.class).adminChange(
                        connection() == null ? "unknown" : connection().userName(), "block.remove", id,
                        () -> blockService.unblock(id), b -> NidsAuditService.OK);
                result.put(SRC, removed.src().toString());
            } catch (NidsException | IllegalArgumentException | ServiceNotFoundException e) {
                result.put(ERROR, "Cannot unblock " + id + ": " + e.getMessage());
            }
            sendMessage(UNBLOCK_RESP, result);
        }
    }

    private void sendDetails(String id, Optional<NidsBlock> block) {
        ObjectNode root = objectNode();
        if (block.isPresent()) {
            root.set(DETAILS, details(block.get()));
        } else {
            root.put(ERROR, "No block " + id);
            root.set(DETAILS, objectNode());
        }
        connection().sendMessage(DETAILS_RESP, root);
    }

    /**
     * @param block a block
     * @return what the details panel shows of it
     */
    ObjectNode details(NidsBlock block) {
        ObjectNode d = objectNode()
                .put(ID, block.id())
                .put(SRC, block.src().toString())
                .put(SCOPE, block.scope().toString())
                .put(ORIGIN, block.origin().name().toLowerCase())
                .put(ALERT, block.alertId().map(Object::toString).orElse(UiFormat.NONE))
                .put(STATE, block.state().orElse(UiFormat.NONE))
                .put(CREATED, UiFormat.time(block.createdMillis(), zone))
                .put(EXPIRES, block.expiresMillis().map(t -> UiFormat.time(t, zone)).orElse("never"))
                .put(REASON, block.reason())
                .put("intentKey", block.intentKey());
        ArrayNode devices = d.putArray(DEVICES);
        block.devices().forEach(device -> devices.add(device.toString()));
        return d;
    }
}
