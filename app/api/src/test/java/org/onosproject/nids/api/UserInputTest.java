/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

/**
 * A client's value in an error message: as sent when short, one line and cut when not.
 */
public class UserInputTest {

    @Test
    public void aShortValueIsRepeatedAsSent() {
        assertEquals("nids-1234", UserInput.brief("nids-1234"));
        assertEquals("\"10.0.0.300\"", UserInput.quoted("10.0.0.300"));
        assertEquals("null", UserInput.brief(null));
    }

    @Test
    public void aLongValueIsCutAndItsLengthSaid() {
        String id = "x".repeat(2000);
        assertEquals("x".repeat(UserInput.MAX_ECHO) + "… (2000 characters)", UserInput.brief(id));
        assertEquals("xxx… (2000 characters)", UserInput.brief(id, 3));
        assertEquals(id, UserInput.brief(id, 2000));
        assertEquals("\"" + "x".repeat(UserInput.MAX_ECHO) + "…\" (2000 characters)", UserInput.quoted(id));
    }

    @Test
    public void lineBreaksBecomeSpaces() {
        assertEquals("a b c", UserInput.brief("a\nb\r\nc"));
    }
}
