/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.junit.Test;

import javax.security.auth.Subject;
import java.security.PrivilegedAction;
import java.util.Set;

import static org.junit.Assert.assertEquals;

/** The shell user a command's change is audited as. */
public class NidsCommandTest {

    @Test
    public void theUserIsTheShellSessionsSubject() {
        Subject subject = new Subject(true, Set.of(new RolePrincipal("admin"), new UserPrincipal("karaf-admin")),
                                      Set.of(), Set.of());
        assertEquals("karaf-admin", Subject.doAs(subject, (PrivilegedAction<String>) NidsCommand::shellUser));
    }

    @Test
    public void withoutASubjectTheUserIsUnknown() {
        assertEquals("unknown", NidsCommand.shellUser());
    }
}
