/** NIDS REST API. */
package org.onosproject.nids.rest;
