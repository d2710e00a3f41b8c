/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.google.common.collect.ImmutableList;
import org.onlab.osgi.DefaultServiceDirectory;
import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionService;
import org.onosproject.ui.UiView;
import org.onosproject.ui.UiViewHidden;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.onlab.util.Tools.groupedThreads;

/**
 * Adds the NIDS views to the legacy ONOS GUI: "NIDS Alerts" ({@value #ALERTS_VIEW}), "NIDS Models"
 * ({@value #MODELS_VIEW}) and "NIDS Blocks" ({@value #BLOCKS_VIEW}), all in the Network category of the navigation
 * menu; and the NIDS overlay of the topology view (hidden view {@value #TOPO_VIEW}). Each view is its own
 * {@link UiExtension}, so that each has its own {@code <view>/css.html} and {@code <view>/js.html} inclusion files
 * beside its {@code app/view/<view>/} resources.
 */
@Component(immediate = true)
public class NidsUiComponent {

    /** View id of the alerts view (also its resource path and the prefix of its files). */
    public static final String ALERTS_VIEW = "nidsAlerts";
    /** View id of the models view. */
    public static final String MODELS_VIEW = "nidsModels";
    /** View id of the blocks view. */
    public static final String BLOCKS_VIEW = "nidsBlocks";
    /** Hidden view of the topology overlay: its resource path and the prefix of its files. */
    public static final String TOPO_VIEW = "nidsTopo";

    static final String ALERTS_LABEL = "NIDS Alerts";
    static final String MODELS_LABEL = "NIDS Models";
    static final String BLOCKS_LABEL = "NIDS Blocks";
    /** Nav icon ids: each view's JS maps its own to a glyph (IconService.registerIconMapping). */
    static final String ALERTS_ICON = "nav_nidsAlerts";
    static final String MODELS_ICON = "nav_nidsModels";
    static final String BLOCKS_ICON = "nav_nidsBlocks";

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected UiExtensionService uiExtensionService;

    private ScheduledExecutorService pushExecutor;
    private List<UiExtension> extensions = ImmutableList.of();

    @Activate
    protected void activate() {
        pushExecutor = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "gui-push-%d", log));
        extensions = createExtensions(getClass().getClassLoader(), pushExecutor);
        extensions.forEach(uiExtensionService::register);
        log.info("Started: GUI views {}, {} and {}, topology overlay {}", ALERTS_VIEW, MODELS_VIEW, BLOCKS_VIEW,
                 NidsTopoOverlay.OVERLAY_ID);
    }

    @Deactivate
    protected void deactivate() {
        extensions.forEach(uiExtensionService::unregister);
        extensions = ImmutableList.of();
        if (pushExecutor != null) {
            pushExecutor.shutdownNow();
            pushExecutor = null;
        }
        log.info("Stopped");
    }

    /**
     * The GUI extensions of the NIDS views.
     *
     * @param classLoader  loader of the view resources
     * @param pushExecutor runs the alerts and models views' pushes (table re-sends on alert and model events)
     * @return one extension per view: alerts, models, blocks, and the topology overlay's
     */
    static List<UiExtension> createExtensions(ClassLoader classLoader, ScheduledExecutorService pushExecutor) {
        UiExtension alerts = new UiExtension.Builder(classLoader, ImmutableList.of(
                new UiView(UiView.Category.NETWORK, ALERTS_VIEW, ALERTS_LABEL, ALERTS_ICON)))
                .resourcePath(ALERTS_VIEW)
                .messageHandlerFactory(() -> ImmutableList.of(
                        new NidsAlertsMessageHandler(pushExecutor, NidsAlertsMessageHandler.MIN_PUSH_INTERVAL_MS)))
                .build();
        UiExtension models = new UiExtension.Builder(classLoader, ImmutableList.of(
                new UiView(UiView.Category.NETWORK, MODELS_VIEW, MODELS_LABEL, MODELS_ICON)))
                .resourcePath(MODELS_VIEW)
                .messageHandlerFactory(() -> ImmutableList.of(
                        new NidsModelsMessageHandler(pushExecutor, NidsModelsMessageHandler.MIN_PUSH_INTERVAL_MS)))
                .build();
        UiExtension blocks = new UiExtension.Builder(classLoader, ImmutableList.of(
                new UiView(UiView.Category.NETWORK, BLOCKS_VIEW, BLOCKS_LABEL, BLOCKS_ICON)))
                .resourcePath(BLOCKS_VIEW)
                .messageHandlerFactory(() -> ImmutableList.of(new NidsBlocksMessageHandler()))
                .build();
        UiExtension topo = new UiExtension.Builder(classLoader, ImmutableList.of(new UiViewHidden(TOPO_VIEW)))
                .resourcePath(TOPO_VIEW)
                .messageHandlerFactory(() -> ImmutableList.of(
                        new NidsTopoMessageHandler(pushExecutor, System::currentTimeMillis)))
                .topoOverlayFactory(() -> ImmutableList.of(new NidsTopoOverlay(new DefaultServiceDirectory())))
                .build();
        return ImmutableList.of(alerts, models, blocks, topo);
    }
}
