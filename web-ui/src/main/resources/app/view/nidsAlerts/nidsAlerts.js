/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 NIDS Alerts view: the alerts the active model raised, live (the table refreshes every 2 s while auto-refresh is on,
 and the server pushes the table on every alert event while the view watches); a click on a row opens the details
 panel with the decision path, the features, an Acknowledge button and a Block button (blocks the alert's source).
 */
(function () {
    'use strict';

    // injected refs
    var $log, $scope, fs, wss, flash;

    // constants
    var detailsReq = 'nidsAlertDetailsRequest',
        detailsResp = 'nidsAlertDetailsResponse',
        ackReq = 'nidsAlertAckRequest',
        ackResp = 'nidsAlertAckResponse',
        watchReq = 'nidsAlertWatchRequest',
        blockReq = 'nidsAlertBlockRequest',
        blockResp = 'nidsAlertBlockResponse',
        pName = 'ov-nids-alerts-details-panel',
        props = [
            ['Class', 'class'],
            ['Severity', 'severity'],
            ['State', 'state'],
            ['Source', 'source'],
            ['Destination', 'destination'],
            ['Protocol', 'protocol'],
            ['Model', 'model'],
            ['Leaf', 'leaf'],
            ['First seen', 'firstSeen'],
            ['Last seen', 'lastSeen'],
            ['Reports', 'reports'],
            ['Block', 'block'],
            ['Incident', 'incident'],
        ];

    // state
    var lastSelectedRow = null;

    function lower(s) {
        return (s || '').toString().toLowerCase();
    }

    function addProp(tbody, label, value) {
        var tr = tbody.append('tr');
        tr.append('td').attr('class', 'label').text(label);
        tr.append('td').attr('class', 'value').text(value);
    }

    function sendAck() {
        var d = $scope.panelDetails;
        if (d && d.id) {
            wss.sendEvent(ackReq, { id: d.id });
        }
    }

    function sendBlock() {
        var d = $scope.panelDetails;
        if (d && d.id) {
            wss.sendEvent(blockReq, { id: d.id });
        }
    }

    function populatePanel(panel) {
        var d = $scope.panelDetails,
            head = panel.append('div').classed('nids-panel-head', true),
            tbody, path, devices, features;

        head.append('h3').text('Alert ' + d.id);
        head.append('span')
            .attr('class', 'nids-sev nids-sev-' + lower(d.severity))
            .text(d.severity);
        head.append('span')
            .attr('class', 'nids-state nids-state-' + lower(d.state))
            .text(d.state);

        panel.append('button')
            .attr('id', 'nids-ack-btn')
            .attr('class', 'nids-ack-btn')
            .property('disabled', !d.canAck)
            .text(d.canAck ? 'Acknowledge' : (d.state === 'BLOCKED' ? 'Blocked' : 'Acknowledged'))
            .on('click', sendAck);

        panel.append('button')
            .attr('id', 'nids-block-btn')
            .attr('class', 'nids-ack-btn nids-block-btn')
            .property('disabled', !d.canBlock)
            .text(d.canBlock ? 'Block' : 'Blocked (block ' + d.block + ')')
            .on('click', sendBlock);

        panel.append('div').classed('nids-flow', true).text(d.flow);

        tbody = panel.append('table').classed('nids-props', true).append('tbody');
        props.forEach(function (p) {
            addProp(tbody, p[0], d[p[1]]);
        });

        panel.append('hr');
        panel.append('h4').text('Decision path');
        if (d.decisionPath && d.decisionPath.length) {
            path = panel.append('ol').classed('nids-path', true);
            d.decisionPath.forEach(function (step) {
                var li = path.append('li').classed(step.holds ? 'holds' : 'fails', true);
                li.append('span').classed('nids-step-mark', true).text(step.holds ? '\u2713' : '\u2717');
                li.append('span').classed('nids-step-text', true).text(step.text);
            });
            panel.append('div').classed('nids-leaf', true)
                .text('\u2192 leaf ' + d.leaf + ': ' + d['class']);
        } else {
            panel.append('p').classed('nids-none', true)
                .text('Not known (the model or the leaf is not stored)');
        }

        panel.append('h4').text('Switches');
        devices = panel.append('table').classed('nids-devices', true).append('tbody');
        (d.devices || []).forEach(function (dev) {
            addProp(devices, dev.device, dev.reports + (dev.reports === 1 ? ' report' : ' reports'));
        });

        panel.append('h4').text('Features (latest report)');
        features = panel.append('table').classed('nids-features', true).append('tbody');
        (d.features || []).forEach(function (f) {
            addProp(features, f.name, f.value);
        });
    }

    function respDetailsCb(data) {
        if (data.error) {
            flash.flash(data.error);
        }
        $scope.panelDetails = data.details || {};
        $scope.$apply();
    }

    function respAckCb(data) {
        flash.flash(data.error ? data.error : 'Alert ' + data.id + ' acknowledged');
    }

    function respBlockCb(data) {
        flash.flash(data.error ? data.error
            : 'Blocked ' + data.src + ' (block ' + data.blockId + ') for alert ' + data.id);
    }

    angular.module('ovNidsAlerts', [])
        .run(['IconService', function (is) {
            // nav menu icon: the IDS glyph
            is.registerIconMapping('nav_nidsAlerts', 'm_ids');
        }])

        .controller('OvNidsAlertsCtrl',
        ['$log', '$scope', 'TableBuilderService', 'FnService', 'WebSocketService', 'FlashService',

        function (_$log_, _$scope_, tbs, _fs_, _wss_, _flash_) {
            var handlers = {},
                table, tableToggle;

            $log = _$log_;
            $scope = _$scope_;
            fs = _fs_;
            wss = _wss_;
            flash = _flash_;

            $scope.panelDetails = {};
            lastSelectedRow = null;

            handlers[detailsResp] = respDetailsCb;
            handlers[ackResp] = respAckCb;
            handlers[blockResp] = respBlockCb;
            wss.bindHandlers(handlers);

            function selCb($event, row) {
                if ($scope.selId) {
                    lastSelectedRow = angular.toJson(row);
                    wss.sendEvent(detailsReq, { id: row.id });
                } else {
                    lastSelectedRow = null;
                    $scope.hidePanel();
                }
            }

            // after every table (asked for or pushed): refresh the open panel if its alert changed
            function respCb() {
                var row;
                if (!$scope.selId) {
                    return;
                }
                row = ($scope.tableData || []).filter(function (r) {
                    return r.id === $scope.selId;
                })[0];
                if (row && angular.toJson(row) !== lastSelectedRow) {
                    lastSelectedRow = angular.toJson(row);
                    wss.sendEvent(detailsReq, { id: row.id });
                }
            }

            $scope.openCount = function () {
                return ($scope.tableData || []).filter(function (r) {
                    return r.state === 'OPEN';
                }).length;
            };

            table = tbs.buildTable({
                scope: $scope,
                tag: 'nidsAlert',
                selCb: selCb,
                respCb: respCb,
                sortParams: { firstCol: 'time', firstDir: 'desc' },
            });

            // server pushes follow the auto-refresh toggle
            tableToggle = $scope.toggleRefresh;
            $scope.toggleRefresh = function () {
                tableToggle();
                wss.sendEvent(watchReq, { watch: !!$scope.autoRefresh });
            };
            wss.sendEvent(watchReq, { watch: true });

            $scope.$on('$destroy', function () {
                wss.sendEvent(watchReq, { watch: false });
                wss.unbindHandlers(handlers);
                $log.log('OvNidsAlertsCtrl has been destroyed');
            });

            $log.log('OvNidsAlertsCtrl has been created', !!table);
        }])

        .directive('ovNidsAlertsDetailsPanel',
        ['PanelService', 'KeyService',

        function (ps, ks) {
            return {
                restrict: 'E',
                link: function (scope) {
                    var panel = ps.createPanel(pName, {
                        width: 460,
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
                            lastSelectedRow = null;
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
                        ['click', 'Select an alert to see why it was raised'],
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
