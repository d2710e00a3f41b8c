/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.ui.table.TableModel;
import org.onosproject.ui.table.TableRequestHandler;

import java.time.ZoneId;

/**
 * A view's table sorted newest first by its time column unless the view asks for another order; the time column
 * shows local time, and an empty table says why.
 */
abstract class NewestFirstTableHandler extends TableRequestHandler {

    private static final String FIRST_COL = "firstCol";
    private static final String FIRST_DIR = "firstDir";
    private static final String DESC = "desc";

    private final String[] columnIds;
    private final String timeColumn;
    private final ZoneId zone;
    private final String noRows;

    /**
     * @param reqType    the table request's type
     * @param respType   the answer's type
     * @param rowsKey    the answer's field holding the rows
     * @param columnIds  the columns
     * @param timeColumn the column of the time, in epoch milliseconds
     * @param zone       the zone the times are shown in
     * @param noRows     what an empty table says
     */
    NewestFirstTableHandler(String reqType, String respType, String rowsKey, String[] columnIds, String timeColumn,
                            ZoneId zone, String noRows) {
        super(reqType, respType, rowsKey);
        this.columnIds = columnIds;
        this.timeColumn = timeColumn;
        this.zone = zone;
        this.noRows = noRows;
    }

    /**
     * @param payload a table request (null: none)
     * @return the request, sorted by the time column, newest first, when it names no order
     */
    ObjectNode newestFirst(ObjectNode payload) {
        ObjectNode request = payload == null ? JsonNodeFactory.instance.objectNode() : payload;
        if (!request.hasNonNull(FIRST_COL)) {
            request.put(FIRST_COL, timeColumn).put(FIRST_DIR, DESC);
        }
        return request;
    }

    @Override
    public void process(ObjectNode payload) {
        super.process(newestFirst(payload));
    }

    @Override
    protected String[] getColumnIds() {
        return columnIds;
    }

    @Override
    protected String defaultColumnId() {
        return timeColumn;
    }

    @Override
    protected TableModel createTableModel() {
        TableModel tm = super.createTableModel();
        tm.setFormatter(timeColumn, new UiFormat.TimeCellFormatter(zone));
        return tm;
    }

    @Override
    protected String noRowsMessage(ObjectNode payload) {
        return noRows;
    }
}
