// NIDS overlay of the (legacy) topology view: while it is selected, the controller pushes highlights every 2 s
// (NidsTopoMessageHandler): sources of open alerts badged by severity, blocked hosts with a red X, per-switch alert
// counts, links carrying attack traffic. A selected host's panel lists its open alerts with a Block or Unblock
// button (NidsTopoOverlay).
(function () {
    'use strict';

    var $log, tov, wss, flash, tss;

    // A shield (view box 110x110) for the overlay's toolbar button.
    var shield = 'M55,8L96,24V52C96,78,78,95,55,103C32,95,14,78,14,52V24Z' +
        'M55,22L28,33V53C28,70,40,82,55,88Z';

    var overlay = {
        // Must match NidsTopoOverlay.OVERLAY_ID.
        overlayId: 'nids-overlay',
        glyphId: '*shield',
        tooltip: 'NIDS incidents',
        glyphs: {
            shield: { vb: '0 0 110 110', d: shield },
        },
        activate: function () {
            wss.sendEvent('nidsTopoStart');
            $log.debug('NIDS topology overlay activated');
        },
        deactivate: function () {
            wss.sendEvent('nidsTopoStop');
            $log.debug('NIDS topology overlay deactivated');
        },
        // Added to a host's details panel by NidsTopoOverlay.modifyHostDetails.
        buttons: {
            nidsBlock: {
                gid: 'xMark',
                tt: 'Block this host (NIDS): drop all its traffic at the fabric edge',
                cb: function (data) { wss.sendEvent('nidsTopoBlock', { id: data.id }); },
            },
            nidsUnblock: {
                gid: 'checkMark',
                tt: 'Unblock this host (NIDS)',
                cb: function (data) { wss.sendEvent('nidsTopoUnblock', { id: data.id }); },
            },
        },
    };

    function actionResponse(data) {
        flash.flash(data.error || data.message);
        if (data.error) {
            $log.warn(data.error);
        }
        tss.updateDetail();   // the panel shows the other button now
    }

    angular.module('ovNidsTopo', [])
        .run(['$log', 'TopoOverlayService', 'WebSocketService', 'FlashService', 'TopoSelectService',
            function (_$log_, _tov_, _wss_, _flash_, _tss_) {
                $log = _$log_;
                tov = _tov_;
                wss = _wss_;
                flash = _flash_;
                tss = _tss_;
                wss.bindHandlers({ nidsTopoActionResponse: actionResponse });
                tov.register(overlay);
            }]);
}());
