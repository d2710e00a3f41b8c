/** NIDS views in the ONOS GUI. */
package org.onosproject.nids.ui;
