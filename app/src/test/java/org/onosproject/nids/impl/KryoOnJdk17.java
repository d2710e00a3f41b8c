/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * Lets ONOS's Kryo namespaces load in a JDK 17 test JVM.
 *
 * <p>{@code KryoNamespaces} (used by {@link DistributedNidsModelStore#SERIALIZER}) registers JDK classes with Kryo,
 * which makes their private members accessible by reflection (java.lang.invoke.SerializedLambda,
 * java.util.concurrent.atomic.AtomicBoolean, ...). ONOS 2.7 runs on JDK 11, where that is a warning; on JDK 17 the
 * class cannot even be initialised unless {@code java.base} opens those packages. The build does not pass
 * {@code --add-opens java.base/...=ALL-UNNAMED} to the test JVM (surefire {@code argLine}); until it does, this
 * opens java.base's packages to the test classpath at run time. With the argLine in place this is a no-op.
 */
final class KryoOnJdk17 {

    /** The first package Kryo needs: when it is open, the JVM was started with the opens. */
    private static final String PROBE = "java.lang.invoke";

    private KryoOnJdk17() {
    }

    static synchronized void openJavaBase() {
        Module base = Object.class.getModule();
        if (base.isOpen(PROBE, KryoOnJdk17.class.getModule())) {
            return;
        }
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            Object unsafe = theUnsafe.get(null);
            Field implLookup = MethodHandles.Lookup.class.getDeclaredField("IMPL_LOOKUP");
            Object fieldBase = unsafeClass.getMethod("staticFieldBase", Field.class).invoke(unsafe, implLookup);
            long fieldOffset = (long) unsafeClass.getMethod("staticFieldOffset", Field.class)
                    .invoke(unsafe, implLookup);
            MethodHandles.Lookup lookup = (MethodHandles.Lookup) unsafeClass
                    .getMethod("getObject", Object.class, long.class).invoke(unsafe, fieldBase, fieldOffset);
            MethodHandle addOpens = lookup.findVirtual(Module.class, "implAddOpensToAllUnnamed",
                                                       MethodType.methodType(void.class, String.class));
            for (String pkg : base.getPackages()) {
                addOpens.invoke(base, pkg);
            }
        } catch (Throwable e) {
            throw new IllegalStateException("cannot open java.base for Kryo; run the tests with "
                    + "--add-opens java.base/" + PROBE + "=ALL-UNNAMED (and the other packages Kryo reflects on)",
                    e);
        }
    }
}
