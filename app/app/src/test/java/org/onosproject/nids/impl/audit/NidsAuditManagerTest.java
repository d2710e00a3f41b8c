/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.audit;

import org.apache.karaf.jaas.boot.principal.GroupPrincipal;
import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.apache.karaf.jaas.config.JaasRealm;
import org.apache.karaf.jaas.modules.BackingEngine;
import org.apache.karaf.jaas.modules.BackingEngineFactory;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.nids.api.AuditEntry;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.impl.AtomixLikeStorageService;
import org.onosproject.store.service.StorageException;

import javax.security.auth.login.AppConfigurationEntry;
import java.util.List;
import java.util.Map;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Roles read from Karaf's realm as users.properties defines them (roles through groups); entries through the store,
 * with the instance; an entry the storage refuses counted.
 */
public class NidsAuditManagerTest {

    private static final String MODULE = "org.apache.karaf.jaas.modules.properties.PropertiesLoginModule";

    private NidsAuditManager manager;
    private DistributedNidsAuditStore store;

    @Before
    public void setUp() {
        store = new DistributedNidsAuditStore();
        store.storageService = new AtomixLikeStorageService();
        store.maxEntries = 10;
        store.activate();
        manager = new NidsAuditManager();
        manager.store = store;
        manager.clusterService = new ClusterServiceAdapter();
        manager.clock = () -> 5_000;
        // users.properties of ONOS: onos = rocks,_g_:admingroup; guest = guest,_g_:guestgroup
        GroupPrincipal admins = new GroupPrincipal("admingroup");
        GroupPrincipal guests = new GroupPrincipal("guestgroup");
        UserPrincipal onos = new UserPrincipal("onos");
        UserPrincipal guest = new UserPrincipal("guest");
        BackingEngine engine = createNiceMock(BackingEngine.class);
        expect(engine.listUsers()).andStubReturn(List.of(onos, guest));
        expect(engine.listGroups(onos)).andStubReturn(List.of(admins));
        expect(engine.listGroups(guest)).andStubReturn(List.of(guests));
        expect(engine.listRoles(onos)).andStubReturn(List.of());
        expect(engine.listRoles(guest)).andStubReturn(List.of());
        expect(engine.listRoles(admins)).andStubReturn(List.of(new RolePrincipal("admin"),
                                                               new RolePrincipal("viewer")));
        expect(engine.listRoles(guests)).andStubReturn(List.of(new RolePrincipal("viewer")));
        BackingEngineFactory factory = createNiceMock(BackingEngineFactory.class);
        expect(factory.getModuleClass()).andStubReturn(MODULE);
        expect(factory.build(anyObject())).andStubReturn(engine);
        JaasRealm realm = createNiceMock(JaasRealm.class);
        expect(realm.getName()).andStubReturn("karaf");
        expect(realm.getEntries()).andStubReturn(new AppConfigurationEntry[]{
                new AppConfigurationEntry(MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of())});
        replay(engine, factory, realm);
        manager.realms.add(realm);
        manager.engineFactories.add(factory);
        manager.usersFile = java.nio.file.Paths.get("no-such-users.properties");
        manager.activate();
    }

    @Test
    public void theAdminGroupGivesTheAdminRoleTheGuestGroupOnlyViewer() {
        assertTrue(manager.hasRole("onos", "admin"));
        assertFalse(manager.hasRole("guest", "admin"));
        assertTrue(manager.hasRole("guest", "viewer"));
        assertFalse("unknown user", manager.hasRole("mallory", "viewer"));
        assertFalse(manager.hasRole(null, "admin"));
    }

    @Test
    public void withoutABackingEngineTheUsersFileDecides() throws Exception {
        manager.realms.clear();
        java.nio.file.Path file = java.nio.file.Files.createTempFile("users", ".properties");
        try {
            java.nio.file.Files.writeString(file, "onos = rocks,_g_:admingroup\nguest = guest,_g_:guestgroup\n"
                    + "_g_\\:admingroup = group,admin,manager,viewer\n_g_\\:guestgroup = group,viewer\n");
            manager.usersFile = file;
            assertTrue(manager.hasRole("onos", "admin"));
            assertFalse(manager.hasRole("guest", "admin"));
            assertTrue(manager.hasRole("guest", "viewer"));
            assertFalse(manager.hasRole("mallory", "viewer"));
            manager.usersFile = file.resolveSibling("missing-users.properties");
            assertFalse("no file: nobody is admin", manager.hasRole("onos", "admin"));
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    @After
    public void tearDown() {
        store.deactivate();
    }

    @Test
    public void entriesNewestFirstOneLineEachWithTheInstance() throws InterruptedException {
        manager.record("onos", "block.add", "10.0.0.3", "ok: block 1");
        manager.record("onos", "alert.ack", "7", "refused: forged\nINFO line");
        List<AuditEntry> newest = manager.entries(10);
        assertEquals(2, newest.size());
        assertEquals("refused: forged INFO line", newest.get(0).result());
        assertEquals(5_000, newest.get(1).timeMillis());
        assertEquals(new ClusterServiceAdapter().getLocalNode().id().toString(), newest.get(1).instance());
        for (int i = 0; i < 20; i++) {
            manager.record("nids", "block.remove", Integer.toString(i), "ok: expired");
        }
        for (int i = 0; i < 500 && manager.entries(100).size() > 10; i++) {
            Thread.sleep(10);
        }
        assertEquals("the store's bound (10) and count", 22, manager.entries(100).size() + manager.evicted());
        assertEquals("19", manager.entries(1).get(0).target());
        assertEquals(0, manager.notStored());
    }

    @Test
    public void anEntryIsBoundedWhateverTheClientNamed() {
        manager.record("guest", "block.remove", "x".repeat(8000), "refused: " + "y".repeat(5000));
        AuditEntry entry = manager.entries(1).get(0);
        assertEquals(UserInput.brief("x".repeat(8000)), entry.target());
        assertEquals("refused: " + "y".repeat(NidsAuditManager.MAX_RESULT_CHARS - 9) + "… (5009 characters)",
                     entry.result());
    }

    @Test
    public void anEntryTheStorageRefusesIsCountedAndTheChangeGoesOn() {
        manager.store = new NidsAuditStore() {
            @Override
            public void add(AuditEntry entry) {
                throw new StorageException.Unavailable();
            }

            @Override
            public List<AuditEntry> newest(int limit) {
                return List.of();
            }

            @Override
            public long evicted() {
                return 0;
            }
        };
        manager.record("onos", "block.add", "10.0.0.3", "ok: block 1");
        assertEquals(1, manager.notStored());
    }
}
