/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 NIDS Blocks view: the sources dropped at the fabric edge, each with the state of its ONOS intent and its edge
 switch (the table refreshes every 2 s while auto-refresh is on, so policy blocks and expiries show by themselves);
 a click on a row opens the details panel with an Unblock button.
 */
(function () {
    'use strict';

    // injected refs
    var $log, $scope, fs, wss, flash;

    // constants
    var detailsReq = 'nidsBlockDetailsRequest',
        detailsResp = 'nidsBlockDetailsResponse',
        unblockReq = 'nidsBlockUnblockRequest',
        unblockResp = 'nidsBlockUnblockResponse',
        pName = 'ov-nids-blocks-details-panel',
        props = [
            ['Source', 'src'],
            ['Scope', 'scope'],
            ['Origin', 'origin'],
            ['Alert', 'alert'],
            ['Intent', 'intentKey'],
            ['Intent state', 'state'],
            ['Created', 'created'],
            ['Expires', 'expires'],
            ['Reason', 'reason'],
        ];

    function addProp(tbody, label, value) {
        var tr = tbody.append('tr');
        tr.append('td').attr('class', 'label').text(label);
        tr.append('td').attr('class', 'value').text(value);
    }

    function sendUnblock() {
        var d = $scope.panelDetails;
        if (d && d.id) {
            wss.sendEvent(unblockReq, { id: d.id });
        }
    }

    function populatePanel(panel) {
        var d = $scope.panelDetails,
            tbody;

        panel.append('h3').text('Block ' + d.id);
        panel.append('button')
            .attr('id', 'nids-unblock-btn')
            .attr('class', 'nids-unblock-btn')
            .text('Unblock')
            .on('click', sendUnblock);

        tbody = panel.append('table').classed('nids-props', true).append('tbody');
        props.forEach(function (p) {
            addProp(tbody, p[0], d[p[1]]);
        });
        addProp(tbody, 'Edge switches', (d.devices || []).join(', ') || '-');
    }

    function respDetailsCb(data) {
        if (data.error) {
            flash.flash(data.error);
        }
        $scope.panelDetails = data.details || {};
        $scope.$apply();
    }

    function respUnblockCb(data) {
        if (data.error) {
            flash.flash(data.error);
            return;
        }
        flash.flash('Unblocked ' + data.src + ' (block ' + data.id + ')');
        $scope.selId = null;
        $scope.panelDetails = {};
        $scope.$apply();
    }

    angular.module('ovNidsBlocks', [])
        .run(['IconService', function (is) {
            // nav menu icon
            is.registerIconMapping('nav_nidsBlocks', 'm_disjointPaths');
        }])

        .controller('OvNidsBlocksCtrl',
        ['$log', '$scope', 'TableBuilderService', 'FnService', 'WebSocketService', 'FlashService',

        function (_$log_, _$scope_, tbs, _fs_, _wss_, _flash_) {
            var handlers = {};

            $log = _$log_;
            $scope = _$scope_;
            fs = _fs_;
            wss = _wss_;
            flash = _flash_;

            $scope.panelDetails = {};

            handlers[detailsResp] = respDetailsCb;
            handlers[unblockResp] = respUnblockCb;
            wss.bindHandlers(handlers);

            function selCb($event, row) {
                if ($scope.selId) {
                    wss.sendEvent(detailsReq, { id: row.id });
                } else {
                    $scope.hidePanel();
                }
            }

            tbs.buildTable({
                scope: $scope,
                tag: 'nidsBlock',
                selCb: selCb,
                sortParams: { firstCol: 'created', firstDir: 'desc' },
            });

            $scope.$on('$destroy', function () {
                wss.unbindHandlers(handlers);
                $log.log('OvNidsBlocksCtrl has been destroyed');
            });

            $log.log('OvNidsBlocksCtrl has been created');
        }])

        .directive('ovNidsBlocksDetailsPanel',
        ['PanelService', 'KeyService',

        function (ps, ks) {
            return {
                restrict: 'E',
                link: function (scope) {
                    var panel = ps.createPanel(pName, {
                        width: 420,
                        margin: 20,
                        hideMargin: 0,
                    });
                    panel.hide();
                    scope.hidePanel = function () {
                        panel.hide();
                    };

                    function closePanel() {
                        if (panel.isVisible()) {
                            $scope.selId = null;
                            panel.hide();
                            return true;
                        }
                        return false;
                    }

                    ks.keyBindings({
                        esc: [closePanel, 'Close the details panel'],
                        _helpFormat: ['esc'],
                    });
                    ks.gestureNotes([
                        ['click', 'Select a block to see it and unblock it'],
                    ]);

                    scope.$watch('panelDetails', function () {
                        if (!fs.isEmptyObject(scope.panelDetails)) {
                            panel.empty();
                            populatePanel(panel);
                            panel.show();
                        } else {
                            panel.hide();
                        }
                    });

                    scope.$on('$destroy', function () {
                        ks.unbindKeys();
                        ps.destroyPanel(pName);
                    });
                },
            };
        }]);
}());
