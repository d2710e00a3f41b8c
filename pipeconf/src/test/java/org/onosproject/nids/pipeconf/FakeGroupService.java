/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.core.GroupId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupServiceAdapter;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the groups added. */
public final class FakeGroupService extends GroupServiceAdapter {
    public final List<GroupDescription> added = new CopyOnWriteArrayList<>();

    @Override
    public void addGroup(GroupDescription description) {
        added.add(description);
    }

    @Override
    public Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        return added.stream().filter(g -> g.deviceId().equals(deviceId) && g.appCookie().equals(appCookie))
                .findFirst().map(g -> (Group) new DefaultGroup(new GroupId(g.givenGroupId()), g))
                .orElse(null);
    }
}
