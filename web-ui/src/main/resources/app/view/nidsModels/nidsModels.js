/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 NIDS Models view: the stored models with the active one marked, and the rollout state of every switch (bank, model
 in the active bank, entries, last error). A click on a model draws its tree beside the table: tests in feature units,
 each leaf's class, confidence and training flows, the leaves firing now (switch reports in the last minute), and the
 entries the model takes per table. Every table answer is followed by the switches' state; the table is asked
 for every 2 s while auto-refresh is on, and the server pushes it on every model event (a model stored, removed or
 activated, a switch's rollout state updated) while the view watches (while auto-refresh is on).
 */
(function () {
    'use strict';

    // injected refs
    var $log, $scope, wss;

    // constants
    var devicesResp = 'nidsModelDevicesResponse',
        watchReq = 'nidsModelWatchRequest',
        treeReq = 'nidsModelTreeRequest',
        treeResp = 'nidsModelTreeResponse';

    function text(tag, cls, content) {
        var el = document.createElement(tag);
        if (cls) {
            el.className = cls;
        }
        el.textContent = content;
        return el;
    }

    // One node of the tree (ModelTreeView): a test with its two branches, or a leaf.
    function drawNode(node, branch, classes) {
        var li = document.createElement('li'),
            ul;
        if (branch) {
            li.appendChild(text('span', 'nids-branch', branch));
        }
        if (node.leaf) {
            var leaf = text('span', 'nids-leaf' + (node.classId !== 0 ? ' nids-leaf-attack' : '')
                    + (node.firing > 0 ? ' nids-leaf-firing' : ''),
                'leaf ' + node.leafId + ': ' + node['class'] + ', ' + (100 * node.confidence).toFixed(1) + '% of '
                + node.samples + ' training flows' + (node.firing > 0 ? ', firing: ' + node.firing
                + ' reports/min' : ''));
            leaf.setAttribute('leaf-id', node.leafId);
            li.appendChild(leaf);
        } else {
            li.appendChild(text('span', 'nids-split', node.feature + ' <= ' + node.threshold));
            li.appendChild(text('span', 'nids-samples', ' (' + node.samples + ' training flows)'));
            ul = document.createElement('ul');
            ul.appendChild(drawNode(node.le, 'yes:', classes));
            ul.appendChild(drawNode(node.gt, 'no:', classes));
            li.appendChild(ul);
        }
        return li;
    }

    function drawCost(cost) {
        var table = document.createElement('table'),
            rows = [['Decision entries', cost.decisionEntries], ['Range entries', cost.rangeEntries]];
        Object.keys(cost.rangeEntriesPerFeature).forEach(function (f) {
            rows.push(['  ' + f, cost.rangeEntriesPerFeature[f]]);
        });
        rows.push(['Entries in all', cost.totalEntries], ['Leaves', cost.leaves], ['Depth', cost.depth]);
        rows.forEach(function (r) {
            var tr = document.createElement('tr');
            tr.appendChild(text('td', null, r[0]));
            tr.appendChild(text('td', null, r[1]));
            table.appendChild(tr);
        });
        return table;
    }

    function respTreeCb(data) {
        var panel = document.getElementById('nids-model-tree'),
            tree, cost, ul;
        if (!panel || data.id !== $scope.selectedModel) {
            return;
        }
        tree = panel.querySelector('.nids-tree');
        cost = panel.querySelector('.nids-tree-cost');
        tree.textContent = '';
        cost.textContent = '';
        if (data.error) {
            tree.appendChild(text('div', 'nids-error', data.error));
            return;
        }
        cost.appendChild(drawCost(data.cost));
        ul = document.createElement('ul');
        ul.appendChild(drawNode(data.root, null, data.classes));
        tree.appendChild(ul);
    }

    function respDevicesCb(data) {
        // With every table answer (every 2 s, or pushed): the selected tree's firing leaves again.
        if ($scope.selectedModel) {
            wss.sendEvent(treeReq, { id: $scope.selectedModel });
        }
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
            handlers[treeResp] = respTreeCb;
            $scope.selectedModel = null;
            $scope.selectModel = function (id) {
                $scope.selectedModel = id === $scope.selectedModel ? null : id;
                if ($scope.selectedModel) {
                    wss.sendEvent(treeReq, { id: $scope.selectedModel });
                }
            };
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
