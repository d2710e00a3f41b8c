/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.Arrays;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A NetFlow v9 data template: its id and the ordered fields of each data record.
 */
public final class NetflowTemplate {

    /** RFC 3954: ids 0-255 are reserved for template and options flowsets; data templates start at 256. */
    public static final int MIN_TEMPLATE_ID = 256;

    /** Id of the template the NIDS exports. Only one template is ever in use, so the first free id is enough. */
    public static final int NIDS_TEMPLATE_ID = MIN_TEMPLATE_ID;

    private static final NetflowTemplate NIDS =
            new NetflowTemplate(NIDS_TEMPLATE_ID, Arrays.asList(NetflowField.values()));

    private final int templateId;
    private final ImmutableList<NetflowField> fields;
    private final int recordLength;

    private NetflowTemplate(int templateId, List<NetflowField> fields) {
        checkArgument(templateId >= MIN_TEMPLATE_ID && templateId <= 0xffff,
                      "template id must be in [256, 65535]: %s", templateId);
        checkArgument(!fields.isEmpty(), "a template needs at least one field");
        this.templateId = templateId;
        this.fields = ImmutableList.copyOf(fields);
        this.recordLength = this.fields.stream().mapToInt(NetflowField::length).sum();
    }

    /**
     * A template.
     *
     * @param templateId template id, at least 256
     * @param fields     the data record's fields, in order
     * @return the template
     */
    public static NetflowTemplate of(int templateId, List<NetflowField> fields) {
        return new NetflowTemplate(templateId, fields);
    }

    /** @return the template of the NIDS export: every {@link NetflowField}, in declaration order */
    public static NetflowTemplate nids() {
        return NIDS;
    }

    public int templateId() {
        return templateId;
    }

    public List<NetflowField> fields() {
        return fields;
    }

    /** @return bytes of one data record (no padding: v9 pads flowsets, not records) */
    public int recordLength() {
        return recordLength;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("id", templateId).add("fields", fields.size()).add("recordLength", recordLength)
                .toString();
    }
}
