/** NIDS services and value types. */
package org.onosproject.nids.api;
