/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import org.easymock.Capture;
import org.easymock.CaptureType;
import org.junit.Test;
import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionService;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.UiTopoOverlay;
import org.onosproject.ui.UiView;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.expectLastCall;
import static org.easymock.EasyMock.mock;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * The GUI extensions: registered on activation, unregistered on deactivation, each with its view, its inclusion
 * files and its view files.
 */
public class NidsUiComponentTest {

    @Test
    public void registersEveryViewAndUnregistersThem() {
        UiExtensionService service = mock(UiExtensionService.class);
        Capture<UiExtension> registered = Capture.newInstance(CaptureType.ALL);
        Capture<UiExtension> unregistered = Capture.newInstance(CaptureType.ALL);
        service.register(capture(registered));
        expectLastCall().times(4);
        service.unregister(capture(unregistered));
        expectLastCall().times(4);
        replay(service);

        NidsUiComponent component = new NidsUiComponent();
        component.uiExtensionService = service;
        component.activate();
        component.deactivate();

        verify(service);
        assertEquals(registered.getValues(), unregistered.getValues());
        List<UiExtension> extensions = registered.getValues();
        assertView(extensions.get(0), NidsUiComponent.ALERTS_VIEW, "NIDS Alerts", NidsAlertsMessageHandler.class);
        assertView(extensions.get(1), NidsUiComponent.MODELS_VIEW, "NIDS Models", NidsModelsMessageHandler.class);
        assertView(extensions.get(2), NidsUiComponent.BLOCKS_VIEW, "NIDS Blocks", NidsBlocksMessageHandler.class);
        assertTopoOverlay(extensions.get(3));
    }

    /** The overlay: a hidden view whose JS registers the overlay id the Java overlay has, and its handler. */
    private static void assertTopoOverlay(UiExtension extension) {
        assertEquals(1, extension.views().size());
        assertEquals(NidsUiComponent.TOPO_VIEW, extension.views().get(0).id());
        assertEquals(UiView.Category.HIDDEN, extension.views().get(0).category());
        List<UiTopoOverlay> overlays = List.copyOf(extension.topoOverlayFactory().newOverlays());
        assertEquals(1, overlays.size());
        assertEquals(NidsTopoOverlay.OVERLAY_ID, overlays.get(0).id());
        String js = text(extension.resource(NidsUiComponent.TOPO_VIEW, "nidsTopoOverlay.js"));
        assertTrue(js.contains("overlayId: '" + NidsTopoOverlay.OVERLAY_ID + "'"));
        assertTrue(js.contains("angular.module('ovNidsTopo'"));
        for (String button : new String[]{NidsTopoOverlay.BLOCK_BUTTON.id(), NidsTopoOverlay.UNBLOCK_BUTTON.id()}) {
            assertTrue(button, js.contains(button + ": {"));
        }
        for (String request : new String[]{NidsTopoMessageHandler.START_REQ, NidsTopoMessageHandler.STOP_REQ,
                NidsTopoMessageHandler.BLOCK_REQ, NidsTopoMessageHandler.UNBLOCK_REQ,
                NidsTopoMessageHandler.ACTION_RESP}) {
            assertTrue(request, js.contains(request));
        }
        assertNotNull(extension.resource(NidsUiComponent.TOPO_VIEW, "nidsTopo.css"));
        List<UiMessageHandler> handlers = List.copyOf(extension.messageHandlerFactory().newHandlers());
        assertSame(NidsTopoMessageHandler.class, handlers.get(0).getClass());
    }

    private static void assertView(UiExtension extension, String viewId, String label,
                                   Class<? extends UiMessageHandler> handler) {
        assertEquals(1, extension.views().size());
        UiView view = extension.views().get(0);
        assertEquals(viewId, view.id());
        assertEquals(label, view.label());
        assertEquals(UiView.Category.NETWORK, view.category());
        assertEquals("nav_" + viewId, view.iconId());

        assertEquals("<link rel=\"stylesheet\" href=\"app/view/" + viewId + "/" + viewId + ".css\">",
                text(extension.css()).trim());
        assertEquals("<script src=\"app/view/" + viewId + "/" + viewId + ".js\"></script>",
                text(extension.js()).trim());
        for (String file : new String[]{".html", ".js", ".css"}) {
            assertNotNull(viewId + file, extension.resource(viewId, viewId + file));
        }
        String js = text(extension.resource(viewId, viewId + ".js"));
        String module = "ov" + Character.toUpperCase(viewId.charAt(0)) + viewId.substring(1);
        assertTrue("the view's Angular module is " + module, js.contains("angular.module('" + module + "'"));
        assertTrue("the view's controller is " + module + "Ctrl", js.contains("'O" + module.substring(1) + "Ctrl'"));

        List<UiMessageHandler> handlers = List.copyOf(extension.messageHandlerFactory().newHandlers());
        assertEquals(1, handlers.size());
        assertSame(handler, handlers.get(0).getClass());
    }

    @Test
    public void extensionsShareThePushExecutor() {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try {
            List<UiExtension> extensions = NidsUiComponent.createExtensions(getClass().getClassLoader(), executor);
            assertEquals(4, extensions.size());
            assertTrue(extensions.get(0).messageHandlerFactory().newHandlers().iterator().next()
                               instanceof NidsAlertsMessageHandler);
        } finally {
            executor.shutdownNow();
        }
    }

    private static String text(InputStream in) {
        assertNotNull(in);
        try (InputStream stream = in) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
