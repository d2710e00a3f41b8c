/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 NIDS Models view: the stored models with the active one marked, and the rollout state of every switch (bank, model
 in the active bank, entries, last error). Every table answer is followed by the switches' state; the table is asked
 for every 2 s while auto-refresh is on, and the server pushes it on every model event (a model stored, removed or
 activated, a switch's rollout state updated) while the view watches (while auto-refresh is on).
 */
(function () {
    'use strict';

    // injected refs
    var $log, $scope, wss;

    // constants
    var devicesResp = 'nidsModelDevicesResponse',
        watchReq = 'nidsModelWatchRequest';

    function respDevicesCb(data) {
        $scope.rollout = {
            activeModel: data.activeModel,
            devices: data.devices || [],
        };
        $scope.$apply();
    }

    angular.module('ovNidsModels', [])
        .run(['IconService', function (is) {
            // nav menu icon
            is.registerIconMapping('nav_nidsModels', 'm_details');
        }])

        .controller('OvNidsModelsCtrl',
        ['$log', '$scope', 'TableBuilderService', 'WebSocketService',

        function (_$log_, _$scope_, tbs, _wss_) {
            var handlers = {},
                tableToggle;

            $log = _$log_;
            $scope = _$scope_;
            wss = _wss_;

            $scope.rollout = { activeModel: null, devices: [] };

            handlers[devicesResp] = respDevicesCb;
            wss.bindHandlers(handlers);

            tbs.buildTable({
                scope: $scope,
                tag: 'nidsModel',
                sortParams: {
                    firstCol: 'active', firstDir: 'desc',
                    secondCol: 'created', secondDir: 'desc',
                },
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
                $log.log('OvNidsModelsCtrl has been destroyed');
            });

            $log.log('OvNidsModelsCtrl has been created');
        }]);
}());
