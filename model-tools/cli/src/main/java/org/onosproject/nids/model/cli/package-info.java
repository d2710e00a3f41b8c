/** nids-model command line (Weka). */
package org.onosproject.nids.model.cli;
