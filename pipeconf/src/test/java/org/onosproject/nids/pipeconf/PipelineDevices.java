/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.packet.ChassisId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.DefaultDriverHandler;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.NidsProgrammable;

import java.util.Map;

/**
 * Devices for tests of the bundles above the pipeconf: a switch running the NIDS pipeline answers
 * {@code as(NidsProgrammable.class)} with the real {@link NidsPipelineProgrammable}, whose handler finds its services
 * (flow rules, groups, core, ...) in a map; any other switch has no such behaviour.
 */
public final class PipelineDevices {

    private static final ProviderId PROVIDER = new ProviderId("test", "nids");

    private PipelineDevices() {
    }

    /**
     * @param id       device id
     * @param services the services the behaviour's handler finds, by class
     * @return a switch running the NIDS pipeline
     */
    public static Device nidsSwitch(DeviceId id, Map<Class<?>, Object> services) {
        return new TestDevice(id, services);
    }

    /**
     * @param app the application id to answer with
     * @return a core service that registers every application name as {@code app}
     */
    public static CoreService coreServiceOf(ApplicationId app) {
        return new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return app;
            }
        };
    }

    /**
     * @param id device id
     * @return a switch running another pipeline
     */
    public static Device otherSwitch(DeviceId id) {
        return new DefaultDevice(PROVIDER, id, Device.Type.SWITCH, "bmv2", "1", "1", "sn", new ChassisId()) {
            @Override
            public <B extends Behaviour> boolean is(Class<B> projectionClass) {
                return false;
            }
        };
    }

    /** A device whose driver has the NIDS behaviour. */
    private static final class TestDevice extends DefaultDevice {
        private final Map<Class<?>, Object> services;

        TestDevice(DeviceId id, Map<Class<?>, Object> services) {
            super(PROVIDER, id, Device.Type.SWITCH, "bmv2", "1", "1", "sn", new ChassisId());
            this.services = services;
        }

        @Override
        public <B extends Behaviour> boolean is(Class<B> projectionClass) {
            return projectionClass == NidsProgrammable.class;
        }

        @Override
        public <B extends Behaviour> B as(Class<B> projectionClass) {
            if (projectionClass != NidsProgrammable.class) {
                throw new IllegalArgumentException(projectionClass + " is not a behaviour of the test switch");
            }
            NidsPipelineProgrammable behaviour = new NidsPipelineProgrammable();
            behaviour.setHandler(new ServiceMapHandler(new DefaultDriverData(null, id()), services));
            return projectionClass.cast(behaviour);
        }
    }

    /** A driver handler that finds services in a map. */
    private static final class ServiceMapHandler extends DefaultDriverHandler {
        private final Map<Class<?>, Object> services;

        ServiceMapHandler(DriverData data, Map<Class<?>, Object> services) {
            super(data);
            this.services = services;
        }

        @Override
        public <T> T get(Class<T> serviceClass) {
            Object service = services.get(serviceClass);
            if (service == null) {
                throw new ServiceNotFoundException("the test switch has no " + serviceClass.getSimpleName());
            }
            return serviceClass.cast(service);
        }
    }
}
