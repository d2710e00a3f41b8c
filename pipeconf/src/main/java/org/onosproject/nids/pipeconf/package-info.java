/** NIDS pipeconf: pipeline model, interpreter and pipeliner of the P4 program in p4src/. */
package org.onosproject.nids.pipeconf;
